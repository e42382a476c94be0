import type { Config } from '../../config';
import { loadReferenceConfig, type ReferenceConfig } from './config';

/** The reference configuration of an app; a Config built by hand (tests) gets the defaults of its demo flag. */
export function referenceConfigOf(config: Config): ReferenceConfig {
  return config.reference ?? loadReferenceConfig({}, { demo: config.demo });
}
