import { useId, useState } from 'react';
import { useToast } from '../../../components/toast';
import type { AdminRegistration } from '../api/admin-registration';
import { useEditDream } from '../api/edit-dream';
import { useAdminFailure } from '../../../lib/admin-session/use-admin-feedback';
import { useAdminText } from '../../../lib/admin-session/use-admin-text';
import { visibleLength } from '../../../lib/text-length';
import { DREAM_BOUNDS, DREAM_MAX_LENGTH, DREAM_MIN_LENGTH } from '../../../lib/dream-bounds';

/** The dream as text, and an editor the operator opens to correct or adapt it. */
export function DreamEditor({
  registration,
  name,
}: {
  registration: AdminRegistration;
  name: string;
}) {
  const t = useAdminText();
  const toast = useToast();
  const { fail } = useAdminFailure();
  const editDream = useEditDream();
  const [draft, setDraft] = useState<string | null>(null);
  const editorId = useId();
  const counterId = useId();

  const dream = registration.dream ?? '';
  const length = draft === null ? 0 : visibleLength(draft);
  const canSave =
    draft !== null &&
    draft.trim() !== dream.trim() &&
    length >= DREAM_MIN_LENGTH &&
    length <= DREAM_MAX_LENGTH &&
    !editDream.isPending;

  function save() {
    if (draft === null || !canSave) return;
    editDream.mutate(
      { id: registration.id, dream: draft.trim() },
      {
        onSuccess: () => {
          setDraft(null);
          toast({
            title: t('admin.toast.dreamSaved.title'),
            description: t('admin.toast.dreamSaved.description', { name }),
          });
        },
        onError: (error) =>
          fail(
            error,
            'admin.toast.dreamSaveFailed.title',
            t('admin.toast.dreamSaveFailed.description'),
          ),
      },
    );
  }

  if (draft === null) {
    return (
      <div className="dream">
        <p className="dream__label">{t('admin.row.dream')}</p>
        {dream ? (
          <p className="dream__text">{dream}</p>
        ) : (
          <p className="dream__text muted">{t('admin.row.noDream')}</p>
        )}
        <button
          type="button"
          className="button button--small button--ghost"
          onClick={() => setDraft(dream)}
        >
          {t('admin.row.editDream')}
        </button>
      </div>
    );
  }

  return (
    <div className="dream dream--editing">
      <div className="field">
        <label htmlFor={editorId}>{t('admin.row.dreamEditor')}</label>
        <textarea
          id={editorId}
          rows={6}
          value={draft}
          maxLength={DREAM_MAX_LENGTH}
          onChange={(event) => setDraft(event.target.value)}
          aria-describedby={counterId}
        />
        <p id={counterId} className="field-hint">
          {t('admin.row.dreamLength', { count: length, min: DREAM_BOUNDS.min })}
        </p>
      </div>
      <div className="button-row">
        <button
          type="button"
          className="button button--small button--primary"
          onClick={save}
          disabled={!canSave}
        >
          {editDream.isPending ? t('admin.row.saving') : t('admin.row.saveDream')}
        </button>
        <button
          type="button"
          className="button button--small button--ghost"
          onClick={() => setDraft(null)}
          disabled={editDream.isPending}
        >
          {t('admin.row.cancelEdit')}
        </button>
      </div>
    </div>
  );
}
