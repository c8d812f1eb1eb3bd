// @vitest-environment happy-dom
import { zodResolver } from '@hookform/resolvers/zod';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Checkbox, PasswordField, SelectField, TextAreaField, TextField } from './field';

afterEach(cleanup);

const schema = z.object({
  email: z.string().trim().min(1, 'E-postadress krävs'),
  password: z.string().min(6, 'Minst 6 tecken'),
  note: z.string(),
  colour: z.enum(['red', 'white']),
  agree: z.boolean(),
});
type Values = z.infer<typeof schema>;

/** A small form wired the way the PWA's forms are: register() on every field, errors from formState. */
function Form({ onValid, defaults }: { onValid: (values: Values) => void; defaults?: Partial<Values> }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { email: '', password: '', note: '', colour: 'red', agree: false, ...defaults },
  });
  return (
    <form noValidate onSubmit={handleSubmit(onValid)}>
      <TextField label="E-postadress" type="email" {...register('email')} error={errors.email?.message} />
      <PasswordField label="Lösenord" hint="Minst 6 tecken" {...register('password')} error={errors.password?.message} />
      <TextAreaField label="Anteckning" optional variant="admin" {...register('note')} />
      {/* defaultValue too: happy-dom lacks option.defaultSelected, and react-hook-form would take the select for edited. */}
      <SelectField
        defaultValue={defaults?.colour ?? 'red'}
        label="Färg"
        variant="admin"
        required
        options={[
          { value: 'red', label: 'Rött' },
          { value: 'white', label: 'Vitt' },
        ]}
        {...register('colour')}
      />
      <Checkbox label="Jag godkänner" {...register('agree')} />
      <button type="submit">Skicka</button>
    </form>
  );
}

describe('the field kit with react-hook-form', () => {
  it('shows the schema errors under the fields, tied with aria-invalid and aria-describedby, and hides the hint meanwhile', async () => {
    const submitted: Values[] = [];
    render(<Form onValid={(v) => submitted.push(v)} />);
    const email = screen.getByLabelText('E-postadress');
    const password = screen.getByLabelText('Lösenord');
    expect(password.getAttribute('aria-describedby')).toBe(`${password.id}-hint`);
    expect(document.getElementById(`${password.id}-hint`)?.textContent).toBe('Minst 6 tecken');

    fireEvent.change(password, { target: { value: 'kort' } });
    fireEvent.click(screen.getByRole('button', { name: 'Skicka' }));

    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe('E-postadress krävs');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(password.getAttribute('aria-describedby')).toBe(`${password.id}-error`);
    expect(document.getElementById(`${password.id}-hint`)).toBeNull();
    expect(submitted).toEqual([]);
  });

  it('starts from the default values, a select included', () => {
    render(<Form onValid={() => {}} defaults={{ colour: 'white', email: 'a@b.se' }} />);
    expect((screen.getByLabelText('Färg') as HTMLSelectElement).value).toBe('white');
    expect((screen.getByLabelText('E-postadress') as HTMLInputElement).value).toBe('a@b.se');
  });

  it('hands the typed, selected and checked values to the submit handler', async () => {
    const submitted: Values[] = [];
    render(<Form onValid={(v) => submitted.push(v)} />);
    fireEvent.change(screen.getByLabelText('E-postadress'), { target: { value: '  vera@example.se ' } });
    fireEvent.change(screen.getByLabelText('Lösenord'), { target: { value: 'sexton-16' } });
    fireEvent.change(screen.getByLabelText('Anteckning'), { target: { value: 'Fint' } });
    fireEvent.change(screen.getByLabelText('Färg'), { target: { value: 'white' } });
    fireEvent.click(screen.getByLabelText('Jag godkänner'));
    fireEvent.click(screen.getByRole('button', { name: 'Skicka' }));

    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]).toEqual({ email: 'vera@example.se', password: 'sexton-16', note: 'Fint', colour: 'white', agree: true });
  });

  it("names an optional field '(valfritt)' in its description, marks an admin field's required label with *, and toggles a password's visibility", () => {
    render(<Form onValid={() => {}} />);
    const note = screen.getByLabelText('Anteckning');
    expect(document.getElementById(note.getAttribute('aria-describedby') ?? '')?.textContent).toBe('(valfritt)');
    const colour = screen.getByLabelText('Färg');
    expect(colour.hasAttribute('required')).toBe(true);
    expect(colour.closest('div')?.parentElement?.querySelector('[aria-hidden="true"]')?.textContent).toBe('*');

    const password = screen.getByLabelText('Lösenord') as HTMLInputElement;
    const toggle = screen.getByRole('button', { name: 'Visa lösenordet' });
    expect(password.type).toBe('password');
    fireEvent.click(toggle);
    expect(password.type).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
  });
});
