import proformas from '../../../../resources/sales/proformas';
import { defineHooks } from '../../../records';
import { documentBase } from '../documents';

const base = documentBase(proformas, 'proforma');

/** The proforma's behaviour (docs/domain.md): the shared document checks. */
export const proformaHooks = defineHooks(proformas, {
  beforeCreate: (ctx, values) => base.beforeCreate(ctx, values),
  beforeUpdate: (ctx, changes, stored) => base.beforeUpdate(ctx, changes, stored),
});
