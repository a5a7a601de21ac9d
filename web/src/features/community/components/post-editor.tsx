/**
 * Writing or editing a post: title, plain-text content, up to three topics and up to eight images,
 * with the contract's limits shown as the member types and the server's Dutch field errors shown on
 * the field they belong to. Used by the timeline's "Nieuw bericht", "Bespreek dit artikel" and
 * the author's edit on the post page. Parts: the topic picker and the image picker; styles in
 * post-editor.styles.ts.
 */
import { limits } from '@kring/contract/limits';
import { validationMessages as m } from '@kring/contract/messages';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { TextAreaField, TextField } from '../../../components/ui/field.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { useFormatting } from '../../../components/ui/formatting-toolbar.tsx';
import { visuallyHidden } from '../../../components/ui/theme.ts';
import { ApiError } from '../../../lib/api.ts';
import { useJsonDraft, useLeaveGuard } from '../../../lib/drafts.ts';
import { errorText } from '../../../lib/error-text.ts';
import { type FieldErrors as Errors, useFieldErrors } from '../../../lib/field-errors.ts';
import { nlComposer } from '../../../messages/community.ts';
import { useTopics } from '../api/topics.ts';
import { useImageUploads } from '../hooks/use-image-uploads.ts';
import { useMentionCombobox } from '../hooks/use-mention-combobox.tsx';
import * as styles from './post-editor.styles.ts';

export interface PostDraft {
  title: string;
  content: string;
  topics: number[];
  images: { ref: string; url: string }[];
}

export interface PostEditorValues {
  title: string;
  content: string;
  topics: number[];
  addedImageRefs: string[];
  deletedImageRefs: string[];
}

type Field = 'title' | 'content' | 'topics';
type FieldErrors = Errors<Field>;

const emptyDraft: PostDraft = { title: '', content: '', topics: [], images: [] };

/** What a new post's draft keeps in the browser (images are not kept: their uploads belong to the page). */
interface StoredPostDraft {
  title: string;
  content: string;
  topics: number[];
}

const parseStoredDraft = (raw: unknown): StoredPostDraft | null => {
  if (typeof raw !== 'object' || raw === null) return null;
  const { title, content, topics } = raw as Record<string, unknown>;
  if (typeof title !== 'string' || typeof content !== 'string' || !Array.isArray(topics)) return null;
  return { title, content, topics: topics.filter((t): t is number => Number.isInteger(t)) };
};

/** A new post's draft under `place` (undefined: no draft, e.g. an edit), read once when the editor opens. */
export const usePostDraftStore = (place: string | undefined) =>
  useJsonDraft<StoredPostDraft>(place ?? null, parseStoredDraft);

/** The field's own check, as the server does it (trimmed, required, at most `max`). */
const checkText = (value: string, max: number) => {
  const trimmed = value.trim();
  if (trimmed === '') return m.required;
  if (trimmed.length > max) return m.tooLong;
  return undefined;
};

const counter = (value: string, max: number) => (
  <span css={value.trim().length > max ? styles.counterOver : undefined}>
    {nlComposer.counter(value.trim().length, max)}
  </span>
);

type Uploads = ReturnType<typeof useImageUploads>;

/** Up to three topics as toggles; the server's topics error under them. */
function TopicPicker({
  chosen,
  onToggle,
  error,
}: {
  chosen: number[];
  onToggle: (id: number) => void;
  error: string | undefined;
}) {
  const topicList = useTopics();
  return (
    <fieldset css={styles.topicFieldset}>
      <legend css={styles.groupLabel}>
        {nlComposer.topics} <span css={styles.topicHint}>{nlComposer.topicsHint(limits.postTopicsMax)}</span>
      </legend>
      {topicList.error ? <FormMessage kind="info">{nlComposer.topicsFailed}</FormMessage> : null}
      <div css={styles.topicChips}>
        {(topicList.data?.topics ?? []).map((topic) => {
          const checked = chosen.includes(topic.id);
          const full = !checked && chosen.length >= limits.postTopicsMax;
          return (
            <label
              key={topic.id}
              css={[
                styles.topicChip,
                checked ? styles.topicChipChecked : null,
                full ? styles.topicChipFull : null,
              ]}
            >
              <input
                type="checkbox"
                checked={checked}
                disabled={full}
                onChange={() => onToggle(topic.id)}
                css={visuallyHidden}
              />
              {topic.name}
            </label>
          );
        })}
      </div>
      {error ? (
        <p role="alert" css={styles.fieldAlert}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The post's images: thumbnails with a remove button, and "Afbeelding toevoegen" below the limit. */
function ImagePicker({ uploads }: { uploads: Uploads }) {
  const fileInputId = useId();
  return (
    <div>
      <span css={styles.imagesLabel}>{nlComposer.images}</span>
      {uploads.images.length > 0 ? (
        <ul css={styles.thumbnails}>
          {uploads.images.map((image, i) => (
            <li key={image.key} css={styles.thumbnailItem}>
              <img
                src={image.src}
                alt={nlComposer.imageAlt(i + 1)}
                width={96}
                height={96}
                css={[styles.thumbnail, image.uploading ? styles.thumbnailUploading : null]}
              />
              <button
                type="button"
                onClick={() => uploads.remove(image.key)}
                aria-label={nlComposer.removeImage(i + 1)}
                title={nlComposer.removeImage(i + 1)}
                css={styles.removeImage}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {uploads.images.length < limits.postImagesMax ? (
        <>
          <input
            id={fileInputId}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            multiple
            css={visuallyHidden}
            onChange={(e) => {
              uploads.add(Array.from(e.target.files ?? []));
              e.target.value = '';
            }}
          />
          <label htmlFor={fileInputId} css={styles.addImage}>
            {nlComposer.addImage}
          </label>
        </>
      ) : null}
      {uploads.uploading ? (
        <p role="status" css={styles.fieldStatus}>
          {nlComposer.uploading}
        </p>
      ) : null}
      {uploads.error ? (
        <p role="alert" css={styles.fieldAlert}>
          {uploads.error}
        </p>
      ) : null}
    </div>
  );
}

/** The server's Dutch messages for the editor's fields (a topic's issue goes on the topics). */
function fieldErrorsOf(error: unknown): FieldErrors {
  const fieldErrors: FieldErrors = {};
  if (error instanceof ApiError)
    for (const field of ['title', 'content', 'topics'] as const) {
      const issue = error.issues.find((i) => i.path === field || i.path.startsWith(`${field}.`));
      if (issue) fieldErrors[field] = issue.message;
    }
  return fieldErrors;
}

/** The title, content and topics, started from (and kept as typed in) the browser's draft if any. */
function useStoredFields(initial: PostDraft, draftPlace: string | undefined) {
  const stored = usePostDraftStore(draftPlace);
  const [title, setTitleValue] = useState(() => stored.value?.title ?? initial.title);
  const [content, setContentValue] = useState(() => stored.value?.content ?? initial.content);
  const [topics, setTopics] = useState<number[]>(() => stored.value?.topics ?? initial.topics);
  const saveDraft = stored.set;

  // A new post's text is kept in the browser as it is typed (lib/drafts.ts); none left when blank.
  useEffect(() => {
    if (!draftPlace) return;
    saveDraft(title.trim() || content.trim() ? { title, content, topics } : null);
  }, [draftPlace, saveDraft, title, content, topics]);
  return { title, setTitleValue, content, setContentValue, topics, setTopics, saveDraft };
}

/**
 * The post being written: its fields, the checks the server also makes (before sending), and
 * saving it, with the server's Dutch field errors put on their field and anything else as `failure`.
 */
function usePostDraft(
  initial: PostDraft,
  onSubmit: (values: PostEditorValues) => Promise<void>,
  draftPlace: string | undefined,
) {
  const { title, setTitleValue, content, setContentValue, topics, setTopics, saveDraft } = useStoredFields(
    initial,
    draftPlace,
  );
  // Unsent text: leaving the page asks first.
  useLeaveGuard(title !== initial.title || content !== initial.content);
  const { errors, set: setErrors, changed } = useFieldErrors<Field>();
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const uploads = useImageUploads(initial.images);

  // Spec 5 for every form: a field's error clears as soon as it gets a value.
  const setTitle = (value: string) => {
    setTitleValue(value);
    changed('title', value);
  };
  const setContent = (value: string) => {
    setContentValue(value);
    changed('content', value);
  };
  const toggleTopic = (id: number) => {
    const next = topics.includes(id) ? topics.filter((t) => t !== id) : [...topics, id];
    setTopics(next);
    changed('topics', next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || uploads.uploading) return;
    const found: FieldErrors = {
      title: checkText(title, limits.postTitleMax),
      content: checkText(content, limits.postContentMax),
    };
    setErrors(found);
    setFailure(null);
    if (found.title || found.content) return;
    setSaving(true);
    // Sent is sent: the draft goes first (a caller may open a fresh editor before this returns) and
    // comes back if saving failed.
    if (draftPlace) saveDraft(null);
    try {
      await onSubmit({
        title: title.trim(),
        content: content.trim(),
        topics,
        addedImageRefs: uploads.addedImageRefs,
        deletedImageRefs: uploads.deletedImageRefs,
      });
    } catch (error) {
      if (draftPlace) saveDraft({ title, content, topics });
      const fieldErrors = fieldErrorsOf(error);
      setErrors(fieldErrors);
      if (Object.keys(fieldErrors).length === 0) setFailure(errorText(error, nlComposer.failed));
    } finally {
      setSaving(false);
    }
  };

  const discard = () => saveDraft(null);

  return {
    discard,
    title,
    setTitle,
    content,
    setContent,
    topics,
    toggleTopic,
    errors,
    failure,
    saving,
    uploads,
    submit,
  };
}

interface PostEditorProps {
  initial?: PostDraft;
  /** Keeps a new post's text as a draft in the browser under this place (lib/drafts.ts). */
  draftPlace?: string;
  submitLabel: string;
  /** Saves the post; throws (ApiError with field issues, or anything else) when it could not. */
  onSubmit: (values: PostEditorValues) => Promise<void>;
  onCancel?: () => void;
  heading?: string;
}

/** The post's text with the formatting toolbar, the `@` list and the length counter. */
function ContentField({
  content,
  setContent,
  error,
}: {
  content: string;
  setContent: (value: string) => void;
  error: string | undefined;
}) {
  const mentions = useMentionCombobox(content, setContent);
  const contentId = useId();
  const formatting = useFormatting(contentId, content, setContent);
  return (
    <div css={styles.contentField}>
      <TextAreaField
        id={contentId}
        label={nlComposer.content}
        value={content}
        above={formatting.toolbar}
        {...mentions.inputProps}
        onChange={(e) => {
          setContent(e.target.value);
          mentions.track(e.target);
        }}
        onKeyDown={(e) => {
          // The `@` list takes its keys first (Enter picks a member, Escape closes only the list).
          if (!mentions.onKeyDown(e)) formatting.onKeyDown(e);
        }}
        error={error}
        hint={
          <>
            {nlComposer.contentHint} {counter(content, limits.postContentMax)}
          </>
        }
        rows={6}
      />
      {mentions.popup}
    </div>
  );
}

export function PostEditor({
  initial = emptyDraft,
  submitLabel,
  onSubmit,
  onCancel,
  heading,
  draftPlace,
}: PostEditorProps) {
  const draft = usePostDraft(initial, onSubmit, draftPlace);
  const { errors, uploads } = draft;
  const headingId = useId();

  return (
    <form
      onSubmit={draft.submit}
      noValidate
      aria-labelledby={heading ? headingId : undefined}
      css={styles.form}
    >
      {heading ? (
        <h2 id={headingId} css={styles.heading}>
          {heading}
        </h2>
      ) : null}
      <TextField
        label={nlComposer.title}
        value={draft.title}
        onChange={(e) => draft.setTitle(e.target.value)}
        error={errors.title}
        hint={counter(draft.title, limits.postTitleMax)}
        autoComplete="off"
      />
      <ContentField content={draft.content} setContent={draft.setContent} error={errors.content} />
      <TopicPicker chosen={draft.topics} onToggle={draft.toggleTopic} error={errors.topics} />
      <ImagePicker uploads={uploads} />
      {draft.failure ? <FormMessage kind="error">{draft.failure}</FormMessage> : null}
      <div css={styles.actions}>
        <Button type="submit" disabled={draft.saving || uploads.uploading}>
          {draft.saving ? nlComposer.saving : submitLabel}
        </Button>
        {onCancel ? (
          <Button
            variant="ghost"
            onClick={() => {
              // Annuleren throws the draft away.
              if (draftPlace) draft.discard();
              onCancel();
            }}
          >
            {nlComposer.cancel}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
