import { z } from 'zod';

/** A sidebar node as the server sends it: name in the request's language, url, icon, nested nodes. */
export interface MenuNode {
  name: string;
  url: string;
  icon: string;
  nodes: MenuNode[];
}
// The id names it once in the published document's components/schemas (it refers to itself).
export const menuNode: z.ZodType<MenuNode> = z
  .lazy(() => z.object({ name: z.string(), url: z.string(), icon: z.string(), nodes: z.array(menuNode) }))
  .meta({ id: 'MenuNode' });
