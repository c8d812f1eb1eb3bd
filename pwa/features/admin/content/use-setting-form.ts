import { useForm } from 'react-hook-form';

/**
 * The form of one stored setting's value (react-hook-form). While the admin has not changed the value it follows
 * the stored one (a save elsewhere, a refetch: `values`); once changed, their text is kept until they save
 * (`keepDirtyValues`). `formState.isDirty` says whether it differs from the stored value; after a save, `reset`
 * it to the saved value.
 */
export function useSettingForm(stored: string) {
  return useForm<{ value: string }>({ values: { value: stored }, resetOptions: { keepDirtyValues: true } });
}
