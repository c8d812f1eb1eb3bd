// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, fakeApi, findToast, json } from '../../test/test-utils';
import { fittedSize, PARTNER_IMAGE_UPLOAD_URL, WinePhotoPicker } from './wine-photo';

afterEach(() => {
  clearToasts();
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('fittedSize', () => {
  it('scales the longest side down to 1600 px, keeps the shape, never enlarges', () => {
    expect(fittedSize(4032, 3024)).toEqual({ width: 1600, height: 1200 });
    expect(fittedSize(3024, 4032)).toEqual({ width: 1200, height: 1600 });
    expect(fittedSize(800, 600)).toEqual({ width: 800, height: 600 });
    expect(fittedSize(10000, 3)).toEqual({ width: 1600, height: 1 });
  });
});

describe('WinePhotoPicker', () => {
  /** The browser's decoder and canvas (happy-dom has neither) faked: a 4032×3024 photo, a canvas that records its size. */
  function fakeCanvas() {
    const bitmap = { width: 4032, height: 3024, close: vi.fn() };
    const decode = vi.fn(async () => bitmap);
    vi.stubGlobal('createImageBitmap', decode);
    const drawn: { width: number; height: number; canvas: [number, number] }[] = [];
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
      return {
        fillRect: () => {},
        drawImage: (_img: unknown, _x: number, _y: number, w: number, h: number) =>
          drawn.push({ width: w, height: h, canvas: [this.width, this.height] }),
      } as unknown as CanvasRenderingContext2D;
    });
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((cb, type) => cb(new Blob([new Uint8Array(2048)], { type: type ?? '' })));
    return { decode, drawn, bitmap };
  }

  it("offers 'Ta foto' with the camera and 'Välj bild'; a chosen photo is resized to 1600 px, uploaded as JPEG and its URL handed on", async () => {
    const { decode, drawn, bitmap } = fakeCanvas();
    const api = fakeApi({
      [`POST ${PARTNER_IMAGE_UPLOAD_URL}`]: json(201, {
        id: '7d1c0b4a-2f3e-4a5b-8c6d-9e0f1a2b3c4d',
        url: '/api/images/7d1c0b4a-2f3e-4a5b-8c6d-9e0f1a2b3c4d',
        contentType: 'image/jpeg',
        byteSize: 2048,
        width: 1600,
        height: 1200,
      }),
    });
    const onUploaded = vi.fn();
    render(
      <>
        <WinePhotoPicker value="" onUploaded={onUploaded} />
        <Toaster />
      </>,
    );
    const camera = screen.getByLabelText('Ta foto') as HTMLInputElement;
    expect([camera.type, camera.accept, camera.getAttribute('capture')]).toEqual(['file', 'image/*', 'environment']);
    const picker = screen.getByLabelText('Välj bild') as HTMLInputElement;
    expect([picker.accept, picker.getAttribute('capture')]).toEqual(['image/*', null]);

    const photo = new File([new Uint8Array(6_000_000)], 'IMG_0001.HEIC', { type: 'image/heic' });
    fireEvent.change(camera, { target: { files: [photo] } });
    await findToast('Bilden är uppladdad');
    expect(decode).toHaveBeenCalledWith(photo, { imageOrientation: 'from-image' });
    expect(drawn).toEqual([{ width: 1600, height: 1200, canvas: [1600, 1200] }]);
    expect(bitmap.close).toHaveBeenCalled();
    const [path, init] = api.fetchMock.mock.calls[0]!;
    expect(path).toBe(PARTNER_IMAGE_UPLOAD_URL);
    expect((init.headers as Headers).get('X-Vinpressen-Upload')).toBe('1');
    const sent = (init.body as FormData).get('image') as File;
    expect([sent.type, sent.size]).toEqual(['image/jpeg', 2048]);
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith('/api/images/7d1c0b4a-2f3e-4a5b-8c6d-9e0f1a2b3c4d'));
  });

  it('says so and sends nothing when the picture cannot be decoded, or when offline', async () => {
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => {
        throw new DOMException('bad', 'InvalidStateError');
      }),
    );
    const api = fakeApi();
    render(
      <>
        <WinePhotoPicker value="" onUploaded={vi.fn()} />
        <Toaster />
      </>,
    );
    fireEvent.change(screen.getByLabelText('Välj bild'), { target: { files: [new File(['x'], 'a.jpg', { type: 'image/jpeg' })] } });
    await findToast('Bilden laddades inte upp', 'Bilden kunde inte läsas. Välj en JPEG-, PNG- eller WebP-bild.');
    clearToasts();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    fireEvent.change(screen.getByLabelText('Välj bild'), { target: { files: [new File(['x'], 'a.jpg', { type: 'image/jpeg' })] } });
    await findToast('Ingen anslutning', 'Bilden kan laddas upp när du är online igen.');
    expect(api.fetchMock).not.toHaveBeenCalled();
  });
});
