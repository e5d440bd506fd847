import { COMPRESS_QUALITY } from '@console/contract/http/uploads';

/**
 * Re-encode an image as JPEG at the spec's quality (0.3) on a white background (PNG transparency would
 * otherwise turn black). Rejects when the browser cannot decode or encode it.
 */
export async function compressImage(file: File, quality = COMPRESS_QUALITY): Promise<File> {
  const bitmap = await createImageBitmap(file);
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
  if (!blob) throw new Error('encoding failed');
  return new File([blob], file.name.replace(/\.[^.]*$/, '') + '.jpg', { type: 'image/jpeg' });
}
