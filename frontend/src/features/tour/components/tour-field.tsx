import type { FormEvent, InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';
import { Field, FieldError, fieldIds } from '../../../components/field';
import { ModalDialog } from '../../../components/modal-dialog';
import { useAdminText } from '../../../lib/admin-session/use-admin-text';
import type { TourForm } from '../hooks/use-tour-form';

interface TourFieldProps<F extends string> {
  form: TourForm<F>;
  field: F;
  label: string;
  hint?: string;
}

/** The form's props for a field's control, its hint among what describes it. */
function controlProps<F extends string>({ form, field, hint }: TourFieldProps<F>) {
  const { id } = form.fieldProps(field);
  return {
    ...form.fieldProps(field, hint ? [fieldIds(id).hint] : []),
    onChange: (change: { target: { value: string } }) => form.set(field, change.target.value),
  };
}

/** A text field of a Tour page form, with its label, its hint and its message when it has one. */
export function TourInput<F extends string>({
  form,
  field,
  label,
  hint,
  ...input
}: TourFieldProps<F> & Omit<InputHTMLAttributes<HTMLInputElement>, 'form'>) {
  const control = controlProps({ form, field, label, hint });
  return (
    <Field id={control.id} label={label} hint={hint} error={form.messageFor(field)}>
      <input {...control} {...input} />
    </Field>
  );
}

/** A choice of a Tour page form (its options as children), laid out as TourInput's field. */
export function TourSelect<F extends string>({
  form,
  field,
  label,
  hint,
  children,
  ...select
}: TourFieldProps<F> & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'form'>) {
  const control = controlProps({ form, field, label, hint });
  return (
    <Field id={control.id} label={label} hint={hint} error={form.messageFor(field)}>
      <select {...control} {...select}>
        {children}
      </select>
    </Field>
  );
}

/**
 * A Tour page form in its dialog: the title and what the form does, the fields, the refusal the
 * server gave the whole form, Cancel, and the submit button (`submit`, or "Saving…" while the
 * form is sent). `onSubmit` runs once every field is valid and nothing is being sent.
 */
export function TourFormDialog<F extends string>({
  form,
  title,
  description,
  submit,
  pending,
  onClose,
  onSubmit,
  children,
}: {
  form: TourForm<F>;
  title: string;
  description: string;
  submit: string;
  pending: boolean;
  onClose: () => void;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const t = useAdminText();
  function submitted(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || !form.check()) return;
    onSubmit();
  }
  return (
    <ModalDialog
      className="tour-form-dialog"
      heading={{ title, description }}
      onClose={onClose}
      locked={pending}
    >
      <form className="tour-form" onSubmit={submitted} noValidate>
        {children}
        {form.formError && <FieldError alert>{form.formError}</FieldError>}
        <div className="confirm-dialog__actions">
          <button
            type="button"
            className="button button--ghost"
            onClick={onClose}
            disabled={pending}
          >
            {t('admin.tour.form.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={pending}>
            {pending ? t('admin.tour.form.saving') : submit}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
