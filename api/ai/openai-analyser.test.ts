import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewInput } from './analyser';
import { createReviewAnalyser, LocalReviewAnalyser, OpenAiReviewAnalyser } from './index';

/** A fake OpenAI-compatible server: each test sets how it answers; every request is recorded. */
interface Recorded {
  method: string | undefined;
  url: string | undefined;
  authorization: string | undefined;
  body: { model?: string; messages?: { role: string; content: string }[] };
}

let server: Server;
let baseUrl: string;
let respond: (req: IncomingMessage, res: ServerResponse) => void;
const requests: Recorded[] = [];

function chatAnswer(content: string): string {
  return JSON.stringify({
    id: 'chatcmpl-test',
    object: 'chat.completion',
    model: 'test-model',
    choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
  });
}

function answerWith(status: number, body: string): (req: IncomingMessage, res: ServerResponse) => void {
  return (_req, res) => {
    // No keep-alive: afterEach drops every connection, and a pooled socket from an earlier test would be stale.
    res.writeHead(status, { 'content-type': 'application/json', connection: 'close' });
    res.end(body);
  };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      requests.push({
        method: req.method,
        url: req.url,
        authorization: req.headers.authorization,
        body: text ? (JSON.parse(text) as Recorded['body']) : {},
      });
      respond(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterEach(() => {
  requests.length = 0;
  server.closeAllConnections();
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const input: ReviewInput = {
  content: 'Härlig och elegant Barolo med lång eftersmak, värd varenda krona.',
  priceWorthRating: 4,
  qualityRating: 5,
  overallExperience: 5,
  wineName: 'Barolo 2016',
};

function analyser(timeoutMs = 2_000): OpenAiReviewAnalyser {
  return new OpenAiReviewAnalyser({ apiUrl: `${baseUrl}/`, apiKey: 'sk-test-123', model: 'test-model', timeoutMs });
}

describe('OpenAI-compatible analyser', () => {
  it('uses a good answer from the model', async () => {
    respond = answerWith(
      200,
      chatAnswer(
        JSON.stringify({
          rating: 4.66,
          sentiment: 0.9,
          reasons: [{ code: 'sentiment_positive', message: 'Texten är mycket positiv och stämmer med betygen.' }],
          flags: ['rating_mismatch', 'made_up_flag'],
        }),
      ),
    );
    const analysis = await analyser().analyse(input);
    expect(analysis).toEqual({
      aiProcessedRating: 4.7,
      sentiment: 0.9,
      reasons: [{ code: 'sentiment_positive', message: 'Texten är mycket positiv och stämmer med betygen.' }],
      flags: ['rating_mismatch'],
      needsModeration: true,
      provider: 'test-model',
    });
  });

  it('sends the bearer key, the model and the review as JSON data to /chat/completions', async () => {
    respond = answerWith(200, chatAnswer('{"rating": 4, "reasons": ["Positiv text."], "flags": []}'));
    await analyser().analyse(input);
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/v1/chat/completions');
    expect(request?.authorization).toBe('Bearer sk-test-123');
    expect(request?.body.model).toBe('test-model');
    const user = request?.body.messages?.find((message) => message.role === 'user');
    expect(JSON.parse(user?.content ?? '{}')).toEqual({
      content: input.content,
      priceWorthRating: 4,
      qualityRating: 5,
      overallExperience: 5,
      wineName: 'Barolo 2016',
    });
  });

  it('accepts an answer in a ```json fence and reasons as plain strings, with the local sentiment', async () => {
    respond = answerWith(200, chatAnswer('```json\n{"rating": 4.2, "reasons": ["Positiv text."]}\n```'));
    const analysis = await analyser().analyse(input);
    const local = await new LocalReviewAnalyser().analyse(input);
    expect(analysis.aiProcessedRating).toBe(4.2);
    expect(analysis.reasons).toEqual([{ code: 'model', message: 'Positiv text.' }]);
    expect(analysis.flags).toEqual([]);
    expect(analysis.sentiment).toBe(local.sentiment);
  });

  it('falls back to the local analyser when the server answers 500', async () => {
    respond = answerWith(500, '{"error": {"message": "internal"}}');
    const analysis = await analyser().analyse(input);
    const local = await new LocalReviewAnalyser().analyse(input);
    expect(analysis.provider).toBe('local');
    expect(analysis.aiProcessedRating).toBe(local.aiProcessedRating);
    expect(analysis.reasons[0]).toEqual({
      code: 'provider_fallback',
      message: 'AI-tjänsten (test-model) kunde inte användas: svarade med status 500. Lokal analys användes.',
    });
    expect(analysis.reasons.slice(1)).toEqual(local.reasons);
  });

  it('falls back when the body is not JSON', async () => {
    respond = answerWith(200, '<html>Bad gateway</html>');
    const analysis = await analyser().analyse(input);
    expect(analysis.provider).toBe('local');
    expect(analysis.reasons[0]?.message).toContain('svaret var inte giltig JSON');
  });

  it('falls back when the model’s content is not JSON', async () => {
    respond = answerWith(200, chatAnswer('Jag tycker att recensionen är positiv, kanske en 4:a.'));
    const analysis = await analyser().analyse(input);
    expect(analysis.provider).toBe('local');
    expect(analysis.reasons[0]?.message).toContain('modellens svar var inte giltig JSON');
  });

  it('falls back when the model’s JSON has the wrong shape (rating out of range)', async () => {
    respond = answerWith(200, chatAnswer('{"rating": 9, "reasons": [], "flags": []}'));
    const analysis = await analyser().analyse(input);
    expect(analysis.provider).toBe('local');
    expect(analysis.reasons[0]?.message).toContain('modellens svar hade fel form');
  });

  it('falls back within the timeout when the server is slow', async () => {
    respond = (_req, res) => {
      const timer = setTimeout(() => answerWith(200, chatAnswer('{"rating": 5, "reasons": []}'))(_req, res), 5_000);
      res.on('close', () => clearTimeout(timer));
    };
    const started = performance.now();
    const analysis = await analyser(300).analyse(input);
    const elapsed = performance.now() - started;
    expect(analysis.provider).toBe('local');
    expect(analysis.reasons[0]?.message).toBe('AI-tjänsten (test-model) kunde inte användas: svarade inte inom 0,3 s. Lokal analys användes.');
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(1_500);
  });

  it('falls back when nothing listens at the address', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = new OpenAiReviewAnalyser({
      apiUrl: `http://127.0.0.1:${port}/v1`,
      apiKey: 'sk-test-123',
      model: 'test-model',
      timeoutMs: 2_000,
    });
    const analysis = await unreachable.analyse(input);
    expect(analysis.provider).toBe('local');
    expect(analysis.reasons[0]?.message).toContain('tjänsten kunde inte nås');
  });

  it('tries once more when the connection drops before an answer, then uses the answer', async () => {
    let calls = 0;
    respond = (req, res) => {
      calls += 1;
      if (calls === 1) {
        req.socket.destroy();
        return;
      }
      answerWith(200, chatAnswer('{"rating": 3.9, "sentiment": 0.4, "reasons": ["Ganska positiv."]}'))(req, res);
    };
    const analysis = await analyser().analyse(input);
    expect(calls).toBe(2);
    expect(analysis.provider).toBe('test-model');
    expect(analysis.aiProcessedRating).toBe(3.9);
  });

  it('falls back when the connection drops twice', async () => {
    respond = (req) => req.socket.destroy();
    const analysis = await analyser().analyse(input);
    // Whether the server has read the second attempt when its socket drops varies; there is never a third.
    expect(requests.length).toBeLessThanOrEqual(2);
    expect(analysis.provider).toBe('local');
    expect(analysis.reasons[0]?.message).toContain('tjänsten kunde inte nås');
  });

  it('rejects, without falling back, when the caller aborts', async () => {
    respond = (_req, res) => {
      const timer = setTimeout(() => answerWith(200, chatAnswer('{"rating": 5, "reasons": []}'))(_req, res), 5_000);
      res.on('close', () => clearTimeout(timer));
    };
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('shutting down')), 100);
    await expect(analyser().analyse(input, { signal: controller.signal })).rejects.toThrow('shutting down');
  });
});

describe('createReviewAnalyser', () => {
  it('gives the local analyser unless apiUrl, apiKey and model are all set', () => {
    expect(createReviewAnalyser({})).toBeInstanceOf(LocalReviewAnalyser);
    expect(createReviewAnalyser({ apiUrl: baseUrl, apiKey: 'sk', model: ' ' })).toBeInstanceOf(LocalReviewAnalyser);
    expect(createReviewAnalyser({ apiUrl: baseUrl, model: 'm' })).toBeInstanceOf(LocalReviewAnalyser);
    expect(createReviewAnalyser({ apiUrl: baseUrl, apiKey: 'sk', model: 'm' })).toBeInstanceOf(OpenAiReviewAnalyser);
  });

  it('passes the timeout on to the model analyser', async () => {
    respond = (_req, res) => {
      const timer = setTimeout(() => answerWith(200, chatAnswer('{"rating": 5, "reasons": []}'))(_req, res), 5_000);
      res.on('close', () => clearTimeout(timer));
    };
    const configured = createReviewAnalyser({ apiUrl: baseUrl, apiKey: 'sk', model: 'm', timeoutMs: 200 });
    const analysis = await configured.analyse(input);
    expect(analysis.reasons[0]?.message).toContain('svarade inte inom 0,2 s');
  });
});
