import type { ReactNode } from 'react';
import { Field } from './field';

/** What a booking handed on asks of the person it goes to: the fields of a registration. */
export const HOLDER_FIELDS = ['name', 'email', 'whatsapp', 'dream'] as const;
export type HolderField = (typeof HOLDER_FIELDS)[number];
export type HolderValues = Record<HolderField, string>;

export const NO_HOLDER: HolderValues = { name: '', email: '', whatsapp: '', dream: '' };

/**
 * The new holder's name, email, phone and dream, as the visitor's hand-on page and the
 * operator's hand-on dialog both ask for them: each a labelled field, the dream a text area.
 */
export function HolderFields({
  idPrefix,
  values,
  onChange,
  labelOf,
  errorOf,
  dreamRows,
}: {
  idPrefix: string;
  values: HolderValues;
  onChange: (values: HolderValues) => void;
  labelOf: (field: HolderField) => ReactNode;
  errorOf: (field: HolderField) => ReactNode | undefined;
  dreamRows: number;
}) {
  return HOLDER_FIELDS.map((field) => (
    <Field key={field} id={`${idPrefix}-${field}`} label={labelOf(field)} error={errorOf(field)}>
      {(control) =>
        field === 'dream' ? (
          <textarea
            {...control}
            rows={dreamRows}
            value={values.dream}
            onChange={(e) => onChange({ ...values, dream: e.target.value })}
          />
        ) : (
          <input
            {...control}
            type={field === 'email' ? 'email' : field === 'whatsapp' ? 'tel' : 'text'}
            value={values[field]}
            onChange={(e) => onChange({ ...values, [field]: e.target.value })}
          />
        )
      }
    </Field>
  ));
}
