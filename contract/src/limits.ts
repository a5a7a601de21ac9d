/** Business limits the spec leaves open; chosen here once and used by web and functions alike. */
export const limits = {
  userNameMin: 3,
  userNameMax: 30,
  occupationMax: 60,
  bioMax: 500,
  postTitleMax: 200,
  postContentMax: 20_000,
  postTopicsMax: 3,
  postImagesMax: 8,
  commentMax: 5_000,
  messageMax: 2_000,
  reasonMin: 3,
  reasonMax: 500,
  pageSizeMax: 50,
  threadPageSize: 20,
  messagePreview: 150,
  imageBytesMax: 5 * 1024 * 1024,
} as const;
