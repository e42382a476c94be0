import { generatedKinds } from './generated/kinds';
import { defineGenerated } from './registry';

/**
 * The registry with every generated kind registered eagerly (the server, scripts and tests). The
 * web imports ./registry and loads the kind it shows (`loadKind`), so a page does not carry every
 * kind's schema.
 */
export * from './registry';

for (const source of generatedKinds) {
  // Generated schemas were bundled by this same bundleSchema at build time (npm run build:schemas;
  // re-bundling them gives the identical object), so they are taken as they are: bundling all kinds
  // again cost every page that imports the registry ~20–40 ms of start-up.
  defineGenerated(source);
}
