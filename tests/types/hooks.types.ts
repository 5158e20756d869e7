/**
 * Type-level checks of the typed hook layer (server/records/define-hooks.ts), run by `npm run
 * typecheck` (tsconfig includes tests/): each `@ts-expect-error` line must fail to compile, so a typo
 * in an action name, a record field read in a hook or a field of a returned patch is caught.
 */
import activities from '../../resources/wfm/activities';
import { defineHooks } from '../../server/records';

// Positive: known fields, known actions, typed input.
defineHooks(activities, {
  async beforeCreate(_ctx, values) {
    return { ...values, title: values.title ?? 'untitled' };
  },
  async beforeUpdate(_ctx, changes, stored) {
    if (stored.status === 'closed') return;
    return { ...changes, instructions: null };
  },
  actions: {
    complete: {
      async before(ctx, stored, input) {
        if (input.resolution === '' && stored.checklist === null) ctx.refuse([]);
      },
    },
    cancel: {
      async after(_ctx, record, input) {
        void [record.cancelledAt, input.cancelReason];
      },
    },
  },
});

// (a) A misspelled action name in the hook map.
defineHooks(activities, {
  actions: {
    // @ts-expect-error -- `complet` is no action of wfm/activities
    complet: { async before() {} },
  },
});

// (b) A misspelled record field read inside a hook.
defineHooks(activities, {
  async beforeUpdate(_ctx, _changes, stored) {
    // @ts-expect-error -- `stauts` is no field of wfm/activities
    void stored.stauts;
  },
});

// (c) A misspelled field in a returned patch.
defineHooks(activities, {
  // @ts-expect-error -- `titel` is no field of wfm/activities
  async beforeCreate(_ctx, values) {
    return { ...values, titel: 'x' };
  },
});

// An action's input is typed by the action: `complete` takes no `cancelReason`.
defineHooks(activities, {
  actions: {
    complete: {
      async before(_ctx, _stored, input) {
        // @ts-expect-error -- `cancelReason` is the input of `cancel`, not of `complete`
        void input.cancelReason;
      },
    },
  },
});
