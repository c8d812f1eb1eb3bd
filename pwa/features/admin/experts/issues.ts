/** The first message per field of a failed zod parse ('body' paths are the form's own fields: 'name' → message). */
export function issuesByField<F extends string>(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Partial<Record<F, string>> {
  const out: Partial<Record<F, string>> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '') as F;
    out[field] ??= issue.message;
  }
  return out;
}

/** Moves the focus to the form's first field marked invalid, once React has drawn the messages. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  window.setTimeout(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
}
