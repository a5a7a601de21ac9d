'use strict';

const { assertProductionEnv } = require('../src/lib/production-env');

// Media library uploads. Locally (no GCS_BUCKET_NAME): Strapi's local provider, files under
// CMS_DATA_DIR/public/uploads. Production: Google Cloud Storage through the Strapi community
// provider; on Cloud Run it authenticates as the service's own service account (Application
// Default Credentials: grant it roles/storage.objectAdmin on the bucket). The bucket uses uniform
// bucket-level access and is publicly readable (allUsers: roles/storage.objectViewer), so file URLs
// are https://storage.googleapis.com/<bucket>/<GCS_BASE_PATH>/<name>: what editors paste into
// coverImage and what the web's CSP allows.
module.exports = ({ env }) => {
  const bucketName = env('GCS_BUCKET_NAME');
  assertProductionEnv(); // production requires GCS_BUCKET_NAME
  if (!bucketName) return {};
  return {
    upload: {
      config: {
        provider: '@strapi-community/strapi-provider-upload-google-cloud-storage',
        providerOptions: {
          bucketName,
          basePath: env('GCS_BASE_PATH', 'cms'),
          baseUrl: env('GCS_BASE_URL', `https://storage.googleapis.com/${bucketName}`),
          publicFiles: true,
          uniform: env.bool('GCS_UNIFORM', true),
          // No `bucket.exists()` before every upload: that is storage.buckets.get, which the
          // service account's roles/storage.objectAdmin does not hold (every upload would fail).
          skipCheckBucket: true,
        },
      },
    },
  };
};
