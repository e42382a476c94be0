// The exchange operators Hujjat speaks to, by key (issue 28). One folder per operator.
import { didoxProvider } from './didox';
import type { OperatorProvider } from './types';

const PROVIDERS: Record<string, OperatorProvider> = { [didoxProvider.name]: didoxProvider };

export function providerOf(name: string): OperatorProvider | null {
  return PROVIDERS[name] ?? null;
}

export function providerNames(): string[] {
  return Object.keys(PROVIDERS);
}

export * from './types';
