import { uploadEndpoints } from '@console/contract/http/uploads';
import { route, type RouteDef } from '../lib/route.ts';
import { storeUpload } from '../lib/uploads.ts';

export const uploadRoutes: RouteDef[] = [
  route(uploadEndpoints.upload, ({ body, user, deps }) =>
    storeUpload(deps, user, body.file, body.kind, body.isPublic === '1'),
  ),
];
