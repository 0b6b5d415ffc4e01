import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useDoorText } from '../hooks/use-door-text';
import type { DoorMessageId } from '../hooks/use-door-text';
import { PHONE_NAME_MAX_CHARACTERS, phoneNameFault } from '../model/phone-name';
import type { PhoneNameFault } from '../model/phone-name';
import { FieldError } from '../../../components/field';

const FAULTS: Record<PhoneNameFault, DoorMessageId> = {
  blank: 'door.phone.blank',
  control: 'door.phone.control',
  long: 'door.phone.long',
};

/**
 * This phone's name, which its operator gives it and the phone keeps (every check-in it sends
 * carries it): one line saying it, and a small form to name it or rename it.
 */
export function PhoneName({
  name,
  onRename,
}: {
  name: string | null;
  onRename: (name: string) => boolean;
}) {
  const t = useDoorText();
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [typed, setTyped] = useState('');
  const [fault, setFault] = useState<PhoneNameFault | null>(null);

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = phoneNameFault(typed);
    if (found || !onRename(typed)) {
      setFault(found ?? 'blank');
      return;
    }
    setFault(null);
    setEditing(false);
  }

  if (!editing) {
    return (
      <p className="door-phone">
        <span>{name ? t('door.phone.named', { name }) : t('door.phone.unnamed')}</span>
        <button
          type="button"
          className="button button--small button--ghost"
          onClick={() => {
            setTyped(name ?? '');
            setFault(null);
            setEditing(true);
          }}
        >
          {name ? t('door.phone.rename') : t('door.phone.name')}
        </button>
      </p>
    );
  }
  return (
    <form className="door-phone door-phone--editing" onSubmit={save} noValidate>
      <div className="field">
        <label htmlFor={`${id}-name`}>{t('door.phone.label')}</label>
        <input
          id={`${id}-name`}
          value={typed}
          autoComplete="off"
          enterKeyHint="done"
          maxLength={PHONE_NAME_MAX_CHARACTERS * 2}
          placeholder={t('door.phone.placeholder')}
          aria-invalid={fault !== null}
          aria-describedby={fault ? `${id}-fault` : `${id}-hint`}
          onChange={(event) => setTyped(event.target.value)}
          autoFocus
        />
        {fault ? (
          <FieldError id={`${id}-fault`} alert>
            {t(FAULTS[fault], { max: PHONE_NAME_MAX_CHARACTERS })}
          </FieldError>
        ) : (
          <p id={`${id}-hint`} className="field-hint">
            {t('door.phone.hint')}
          </p>
        )}
      </div>
      <div className="button-row">
        <button type="submit" className="button button--small button--primary">
          {t('door.phone.save')}
        </button>
        <button
          type="button"
          className="button button--small button--ghost"
          onClick={() => setEditing(false)}
        >
          {t('door.phone.cancel')}
        </button>
      </div>
    </form>
  );
}
