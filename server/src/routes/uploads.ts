import { PUBLIC_KINDS, uploadEndpoints } from '@console/contract/http/uploads';
import { invalidField } from '../lib/errors.ts';
import { route, type RouteDef } from '../lib/route.ts';
import { storeUpload } from '../lib/uploads.ts';

export const uploadRoutes: RouteDef[] = [
  route(uploadEndpoints.upload, ({ body, user, deps }) => {
    // Readable by anyone with the link: pictures shown to others (an avatar, a model's picture), never a
    // document or a site photo, which stay with the organisation.
    if (body.isPublic === '1' && !PUBLIC_KINDS.includes(body.kind)) {
      throw invalidField('isPublic', 'upload.publicOnlyPictures');
    }
    return storeUpload(deps, user, body.file, body.kind, body.isPublic === '1');
  }),
];
