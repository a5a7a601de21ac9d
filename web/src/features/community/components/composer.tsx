/**
 * A button that opens the PostEditor in place ("Nieuw bericht", "Bespreek dit artikel"). Opening
 * moves focus into the editor; Escape closes it and keeps the draft for the next opening, Annuleren
 * throws the draft away; either way focus returns to the button. After a successful `onCreate` the
 * editor closes empty and 'Je bericht is geplaatst.' is announced; on failure it stays open with
 * the text and the editor's Dutch error. The text is kept as a draft under `draftPlace` as it is
 * typed: after a reload the editor opens again with it (without taking the focus).
 */
import { type RefObject, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { nlComposer, nlTimeline } from '../../../messages/community.ts';
import * as st from './composer.styles.ts';
import { PostEditor, type PostEditorValues, usePostDraftStore } from './post-editor.tsx';

interface ComposerProps {
  label: string;
  /** Where the new post's draft is kept (lib/drafts.ts), e.g. 'post:new'. */
  draftPlace: string;
  /** Saves the post; throws when it could not (the editor shows why). */
  onCreate: (values: PostEditorValues) => Promise<void>;
}

/** Escape anywhere in the open editor closes it, and the focus then returns to the button. */
function useEscapeCloses(
  panelRef: RefObject<HTMLDivElement | null>,
  open: boolean,
  returnFocus: RefObject<boolean>,
  setOpen: (open: boolean) => void,
) {
  // A listener, as the panel is no control of its own.
  useEffect(() => {
    const panel = panelRef.current;
    if (!open || !panel) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      returnFocus.current = true;
      setOpen(false);
    };
    panel.addEventListener('keydown', onKeyDown);
    return () => panel.removeEventListener('keydown', onKeyDown);
  }, [panelRef, open, returnFocus, setOpen]);
}

export function Composer({ label, onCreate, draftPlace }: ComposerProps) {
  const saved = usePostDraftStore(draftPlace).value !== null;
  const [open, setOpen] = useState(saved);
  const mounted = useRef(false);
  const [draft, setDraft] = useState(0);
  const [posted, setPosted] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    // A draft opens the editor on arrival; the focus stays where the page puts it.
    if (!mounted.current) {
      mounted.current = true;
      return;
    }
    if (open) panelRef.current?.querySelector<HTMLElement>('input, textarea')?.focus();
    else if (returnFocus.current) buttonRef.current?.focus();
    returnFocus.current = false;
  }, [open]);

  const close = (discard: boolean) => {
    returnFocus.current = true;
    setOpen(false);
    if (discard) setDraft((n) => n + 1);
  };

  useEscapeCloses(panelRef, open, returnFocus, setOpen);

  const submit = async (values: PostEditorValues) => {
    await onCreate(values);
    setPosted(true);
    close(true);
  };

  return (
    <div>
      {open ? null : (
        <Button
          ref={buttonRef}
          onClick={() => {
            setPosted(false);
            setOpen(true);
          }}
        >
          <span aria-hidden="true">+</span> {label}
        </Button>
      )}
      <p role="status" css={st.posted}>
        {posted ? nlTimeline.posted : ''}
      </p>
      <div ref={panelRef} hidden={!open} css={st.panel}>
        <PostEditor
          key={draft}
          draftPlace={draftPlace}
          heading={label}
          submitLabel={nlComposer.publish}
          onSubmit={submit}
          onCancel={() => close(true)}
        />
      </div>
    </div>
  );
}
