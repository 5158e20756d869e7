import { useCallback, useRef } from 'react';
import { useRegisterMutationMiddleware, type CreateParams, type CreateResult, type DataProvider } from 'react-admin';

/** 128 random bits as hex; `crypto.randomUUID` would need a secure context, a plain-http LAN install has none. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Gives every save of the create form it sits in one Idempotency-Key (`meta.idempotencyKey`, sent as the
 * header by the data provider): a double submit, or a save retried after its answer was lost, creates the
 * record once (docs/wire-contract.md#idempotent-creates). The key changes only after a save succeeded, so
 * a form that stays open for another record gets another key. Renders nothing.
 */
export function IdempotentCreate(): null {
  const key = useRef<string | null>(null);
  key.current ??= newIdempotencyKey();
  const middleware = useCallback(
    async (resource: string, params: CreateParams, next: DataProvider['create']): Promise<CreateResult> => {
      const sent = key.current ?? newIdempotencyKey();
      const result = await next(resource, { ...params, meta: { ...params.meta, idempotencyKey: sent } });
      // Another save of the same key answered meanwhile has already moved it on.
      if (key.current === sent) key.current = newIdempotencyKey();
      return result;
    },
    [],
  );
  useRegisterMutationMiddleware<DataProvider['create']>(middleware);
  return null;
}
