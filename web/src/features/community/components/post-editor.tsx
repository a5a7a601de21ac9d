/**
 * Writing or editing a post: title, plain-text content, up to three topics and up to eight images,
 * with the contract's limits shown as the member types and the server's Dutch field errors shown on
 * the field they belong to. Used by the timeline's "Nieuw bericht", "Bespreek dit artikel" and
 * the author's edit on the post page.
 */
import { css } from '@emotion/react';
import { limits } from '@kring/contract/limits';
import { validationMessages as m } from '@kring/contract/messages';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { TextAreaField, TextField } from '../../../components/ui/field.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { colors, fontSize, visuallyHidden } from '../../../components/ui/theme.ts';
import { ApiError } from '../../../lib/api.ts';
import { errorText } from '../../../lib/error-text.ts';
import { nlComposer } from '../../../messages/community.ts';
import { useTopics } from '../api/topics.ts';
import { useImageUploads } from '../hooks/use-image-uploads.ts';

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

type FieldErrors = Partial<Record<'title' | 'content' | 'topics', string>>;

const emptyDraft: PostDraft = { title: '', content: '', topics: [], images: [] };

/** The field's own check, as the server does it (trimmed, required, at most `max`). */
const checkText = (value: string, max: number) => {
  const trimmed = value.trim();
  if (trimmed === '') return m.required;
  if (trimmed.length > max) return m.tooLong;
  return undefined;
};

const counter = (value: string, max: number) => (
  <span css={value.trim().length > max ? { color: colors.error, fontWeight: 600 } : undefined}>
    {nlComposer.counter(value.trim().length, max)}
  </span>
);

export function PostEditor({
  initial = emptyDraft,
  submitLabel,
  onSubmit,
  onCancel,
  heading,
}: {
  initial?: PostDraft;
  submitLabel: string;
  /** Saves the post; throws (ApiError with field issues, or anything else) when it could not. */
  onSubmit: (values: PostEditorValues) => Promise<void>;
  onCancel?: () => void;
  heading?: string;
}) {
  const [title, setTitle] = useState(initial.title);
  const [content, setContent] = useState(initial.content);
  const [topics, setTopics] = useState<number[]>(initial.topics);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const uploads = useImageUploads(initial.images);
  const topicList = useTopics();
  const fileInputId = useId();
  const headingId = useId();

  const toggleTopic = (id: number) =>
    setTopics((chosen) => (chosen.includes(id) ? chosen.filter((t) => t !== id) : [...chosen, id]));

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
    try {
      await onSubmit({
        title: title.trim(),
        content: content.trim(),
        topics,
        addedImageRefs: uploads.addedImageRefs,
        deletedImageRefs: uploads.deletedImageRefs,
      });
    } catch (error) {
      const fieldErrors: FieldErrors = {};
      if (error instanceof ApiError)
        for (const field of ['title', 'content', 'topics'] as const) {
          const issue = error.issues.find((i) => i.path === field || i.path.startsWith(`${field}.`));
          if (issue) fieldErrors[field] = issue.message;
        }
      setErrors(fieldErrors);
      if (Object.keys(fieldErrors).length === 0) setFailure(errorText(error, nlComposer.failed));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={heading ? headingId : undefined}
      css={css`
        display: flex;
        flex-direction: column;
        gap: 14px;
      `}
    >
      {heading ? (
        <h2
          id={headingId}
          css={css`
            margin: 0;
            font-size: ${fontSize.xl};
          `}
        >
          {heading}
        </h2>
      ) : null}
      <TextField
        label={nlComposer.title}
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        error={errors.title}
        hint={counter(title, limits.postTitleMax)}
        autoComplete="off"
      />
      <TextAreaField
        label={nlComposer.content}
        value={content}
        onChange={(e) => setContent(e.target.value)}
        error={errors.content}
        hint={
          <>
            {nlComposer.contentHint} {counter(content, limits.postContentMax)}
          </>
        }
        rows={6}
      />
      <fieldset
        css={css`
          border: 0;
          margin: 0;
          padding: 0;
        `}
      >
        <legend
          css={css`
            font-weight: 600;
            margin-bottom: 4px;
          `}
        >
          {nlComposer.topics}{' '}
          <span
            css={css`
              font-weight: 400;
              color: ${colors.muted};
            `}
          >
            {nlComposer.topicsHint(limits.postTopicsMax)}
          </span>
        </legend>
        {topicList.error ? <FormMessage kind="info">{nlComposer.topicsFailed}</FormMessage> : null}
        <div
          css={css`
            display: flex;
            flex-wrap: wrap;
            gap: 8px;
          `}
        >
          {(topicList.data?.topics ?? []).map((topic) => {
            const checked = topics.includes(topic.id);
            const full = !checked && topics.length >= limits.postTopicsMax;
            return (
              <label
                key={topic.id}
                css={css`
                  display: inline-flex;
                  align-items: center;
                  gap: 6px;
                  min-height: 36px;
                  padding: 4px 12px;
                  border-radius: 18px;
                  border: 1px solid ${checked ? colors.primary : colors.border};
                  background: ${checked ? colors.primary : colors.background};
                  color: ${checked ? colors.onPrimary : colors.text};
                  opacity: ${full ? 0.5 : 1};
                  cursor: ${full ? 'not-allowed' : 'pointer'};
                  font-size: ${fontSize.md};
                  &:has(:focus-visible) {
                    outline: 3px solid ${colors.focus};
                    outline-offset: 2px;
                  }
                `}
              >
                <input
                  type="checkbox"
                  checked={checked}
                  disabled={full}
                  onChange={() => toggleTopic(topic.id)}
                  css={visuallyHidden}
                />
                {topic.name}
              </label>
            );
          })}
        </div>
        {errors.topics ? (
          <p role="alert" css={{ color: colors.error, margin: '4px 0 0' }}>
            {errors.topics}
          </p>
        ) : null}
      </fieldset>
      <div>
        <span
          css={css`
            display: block;
            font-weight: 600;
            margin-bottom: 4px;
          `}
        >
          {nlComposer.images}
        </span>
        {uploads.images.length > 0 ? (
          <ul
            css={css`
              list-style: none;
              margin: 0 0 8px;
              padding: 0;
              display: flex;
              flex-wrap: wrap;
              gap: 8px;
            `}
          >
            {uploads.images.map((image, i) => (
              <li
                key={image.key}
                css={css`
                  position: relative;
                  width: 96px;
                  height: 96px;
                `}
              >
                <img
                  src={image.src}
                  alt={nlComposer.imageAlt(i + 1)}
                  width={96}
                  height={96}
                  css={css`
                    width: 96px;
                    height: 96px;
                    object-fit: cover;
                    border-radius: 6px;
                    border: 1px solid ${colors.border};
                    opacity: ${image.uploading ? 0.5 : 1};
                  `}
                />
                <button
                  type="button"
                  onClick={() => uploads.remove(image.key)}
                  aria-label={nlComposer.removeImage(i + 1)}
                  title={nlComposer.removeImage(i + 1)}
                  css={css`
                    position: absolute;
                    top: 4px;
                    right: 4px;
                    width: 28px;
                    height: 28px;
                    border-radius: 14px;
                    border: 0;
                    background: rgba(0, 0, 0, 0.7);
                    color: ${colors.onPrimary};
                    font-size: ${fontSize.base};
                    line-height: 28px;
                    cursor: pointer;
                  `}
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
            <label
              htmlFor={fileInputId}
              css={css`
                display: inline-flex;
                align-items: center;
                min-height: 40px;
                padding: 8px 14px;
                border-radius: 6px;
                border: 2px dashed ${colors.border};
                color: ${colors.primary};
                font-weight: 600;
                cursor: pointer;
                input:focus-visible + & {
                  outline: 3px solid ${colors.focus};
                  outline-offset: 2px;
                }
              `}
            >
              {nlComposer.addImage}
            </label>
          </>
        ) : null}
        {uploads.uploading ? (
          <p role="status" css={{ color: colors.muted, margin: '4px 0 0' }}>
            {nlComposer.uploading}
          </p>
        ) : null}
        {uploads.error ? (
          <p role="alert" css={{ color: colors.error, margin: '4px 0 0' }}>
            {uploads.error}
          </p>
        ) : null}
      </div>
      {failure ? <FormMessage kind="error">{failure}</FormMessage> : null}
      <div
        css={css`
          display: flex;
          gap: 8px;
          flex-wrap: wrap;
        `}
      >
        <Button type="submit" disabled={saving || uploads.uploading}>
          {saving ? nlComposer.saving : submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            {nlComposer.cancel}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
