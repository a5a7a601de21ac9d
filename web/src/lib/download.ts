/** Hands a document the page holds to the browser as a file download (a receipt, the data export). */
export function downloadBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers read the address after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Saves a PDF the server sent (base64) as a file the browser downloads. */
export function savePdf(contentBase64: string, fileName: string) {
  const bytes = Uint8Array.from(atob(contentBase64), (c) => c.charCodeAt(0));
  downloadBlob(new Blob([bytes], { type: 'application/pdf' }), fileName);
}
