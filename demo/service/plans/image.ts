import { ApiError, badRequest } from '../kernel/http/errors';

/** The largest plan image: 2 MB. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
/** Room for the multipart framing around the largest image, before the body limit answers. */
export const IMAGE_BODY_LIMIT = MAX_IMAGE_BYTES + 64 * 1024;

/** `POST /v1/subscription-plans/{id}/image`: the one route whose body may pass 1 MiB. */
export const isImageUpload = (method: string, path: string): boolean =>
  method === 'POST' && /^\/v1\/subscription-plans\/[^/]+\/image$/.test(path);

export type ImageType = 'image/png' | 'image/jpeg';
export const EXTENSIONS: Readonly<Record<ImageType, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
};

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);

/** PNG or JPEG by the first bytes (never the name or the declared type); else undefined. */
export function imageTypeOf(bytes: Uint8Array): ImageType | undefined {
  if (startsWith(bytes, PNG_SIGNATURE)) return 'image/png';
  if (startsWith(bytes, JPEG_SIGNATURE)) return 'image/jpeg';
  return undefined;
}

export const imageTooBig = () =>
  new ApiError(
    badRequest(`file is larger than 2 MB (${MAX_IMAGE_BYTES.toLocaleString('en')} bytes)`),
  );

export interface UploadedImage {
  contentType: ImageType;
  bytes: Uint8Array;
}

/** The `file` part of a multipart body, checked: a PNG or JPEG of 1 byte to 2 MB. */
export async function readImagePart(request: Request): Promise<UploadedImage> {
  const type = request.headers.get('Content-Type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(type)) {
    throw new ApiError(badRequest('the body must be multipart/form-data with a part named file'));
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new ApiError(badRequest('the multipart/form-data body could not be read'));
  }
  const file = form.get('file');
  if (file === null) throw new ApiError(badRequest('file is required (a part named file)'));
  if (typeof file === 'string') {
    throw new ApiError(badRequest('file must be a file part (with a filename), not a text field'));
  }
  if (file.size === 0) throw new ApiError(badRequest('file is empty'));
  if (file.size > MAX_IMAGE_BYTES) throw imageTooBig();
  const bytes = new Uint8Array(await file.arrayBuffer());
  const contentType = imageTypeOf(bytes);
  if (contentType === undefined) {
    throw new ApiError(badRequest('file must be a PNG or JPEG image (judged by its content)'));
  }
  return { contentType, bytes };
}
