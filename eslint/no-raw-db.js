/**
 * Route handlers (server/src/routes/**) reach data only through `ctx.data`, the accessor limited to what the
 * signed-in person may see (docs/decisions/028-data-scope.md). This refuses the ways around it: the raw
 * database handle (`deps.dbh`, `{ dbh }`), the driver's own transaction, and the unit of work called directly
 * (writes go through `data.write`). A read past the scope is written `data.unscoped('<reason>')`.
 */
const why = 'route handlers use ctx.data (scoped), or data.unscoped(reason) for a read decision 028 allows';

export const noRawDb = {
  meta: {
    type: 'problem',
    docs: { description: 'Route handlers read and write through the scoped data accessor, never the raw database' },
    messages: {
      dbh: `The raw database handle (dbh) in a route: ${why}`,
      transaction: `A driver transaction in a route: writes that belong together go through data.write(...)`,
      unitOfWork: `unitOfWork in a route: writes that belong together go through data.write(...)`,
    },
    schema: [],
  },
  create(context) {
    return {
      MemberExpression(node) {
        const name = node.property.type === 'Identifier' ? node.property.name : node.property.value;
        if (!node.computed || typeof name === 'string') {
          if (name === 'dbh') context.report({ node: node.property, messageId: 'dbh' });
          if (name === 'transaction') context.report({ node: node.property, messageId: 'transaction' });
        }
      },
      Property(node) {
        if (node.parent.type === 'ObjectPattern' && node.key.type === 'Identifier' && node.key.name === 'dbh') {
          context.report({ node: node.key, messageId: 'dbh' });
        }
      },
      ImportSpecifier(node) {
        if (node.imported.name === 'unitOfWork') context.report({ node, messageId: 'unitOfWork' });
      },
    };
  },
};
