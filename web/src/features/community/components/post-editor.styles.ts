import { css } from '@emotion/react';
import { chip, chipChosen, colors, fontSize } from '../../../components/ui/theme.ts';

export const form = css`
  display: flex;
  flex-direction: column;
  gap: 14px;
`;

export const heading = css`
  margin: 0;
  font-size: ${fontSize.xl};
`;

export const counterOver = { color: colors.error, fontWeight: 600 };

export const fieldAlert = { color: colors.error, margin: '4px 0 0' };
export const fieldStatus = { color: colors.muted, margin: '4px 0 0' };

export const topicFieldset = css`
  border: 0;
  margin: 0;
  padding: 0;
`;

export const groupLabel = css`
  font-weight: 600;
  margin-bottom: 4px;
`;

export const topicHint = css`
  font-weight: 400;
  color: ${colors.muted};
`;

export const topicChips = css`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

export const topicChip = css`
  ${chip};
  gap: 6px;
  min-height: 36px;
  padding: 4px 12px;
  border-radius: 18px;
  opacity: 1;
  font-size: ${fontSize.md};
  &:has(:focus-visible) {
    outline: 3px solid ${colors.focus};
    outline-offset: 2px;
  }
`;

export const topicChipChecked = chipChosen;

/** Three topics chosen: the others cannot be. */
export const topicChipFull = css`
  opacity: 0.5;
  cursor: not-allowed;
`;

export const imagesLabel = css`
  display: block;
  font-weight: 600;
  margin-bottom: 4px;
`;

export const thumbnails = css`
  list-style: none;
  margin: 0 0 8px;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

export const thumbnailItem = css`
  position: relative;
  width: 96px;
  height: 96px;
`;

export const thumbnail = css`
  width: 96px;
  height: 96px;
  object-fit: cover;
  border-radius: 6px;
  border: 1px solid ${colors.border};
  opacity: 1;
`;

export const thumbnailUploading = css`
  opacity: 0.5;
`;

export const removeImage = css`
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
`;

export const addImage = css`
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
`;

/** The editor's buttons: the shared button row. */
export { buttonRow as actions } from '../../../components/ui/button.tsx';

/** The content box and its `@` list, which is placed under the box. */
export const contentField = css`
  position: relative;
`;
