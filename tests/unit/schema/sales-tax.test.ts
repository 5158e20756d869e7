import { describe, expect, it } from 'vitest';
import {
  amountPayable,
  documentTotal,
  dueDatesMismatch,
  stampDutyBase,
  stampDutyDue,
  withholdingAmount,
} from '../../../resources/sales/tax';

// The invoice's tax rules as pure functions (docs/domain.md#tax-cases); their HTTP behaviour is in
// tests/api/sales-tax-cases.test.ts.
const line = (unitPrice: string, vatRate = '22', vatNature: string | null = null, quantity = '1') => ({
  quantity,
  unitPrice,
  vatRate,
  vatNature,
});

describe('the stamp duty', () => {
  it('is due above 77.47 euro of lines with a natura other than N6.x and N7', () => {
    expect(stampDutyDue([line('77.47', '0', 'N4')])).toBeNull();
    expect(stampDutyDue([line('77.48', '0', 'N4')])).toBe('2.00');
    expect(stampDutyDue([line('40', '0', 'N1'), line('37.48', '0', 'N3.5')])).toBe('2.00');
    expect(stampDutyBase([line('1000'), line('500', '0', 'N6.7'), line('90', '0', 'N7'), line('10', '0', 'N2.2')])).toBe('10.00'); // prettier-ignore
    expect(stampDutyDue([line('1000'), line('500', '0', 'N6.7')])).toBeNull();
    expect(stampDutyDue([])).toBeNull();
  });

  it('counts in the total only when charged', () => {
    const lines = [line('100', '0', 'N4')];
    expect(documentTotal({ lines, stampDuty: '2.00' })).toBe('102.00');
    expect(documentTotal({ lines, stampDuty: '2.00', stampDutyCharged: true })).toBe('102.00');
    expect(documentTotal({ lines, stampDuty: '2.00', stampDutyCharged: false })).toBe('100.00');
  });
});

describe('the withholding and the amount payable', () => {
  it('withholds the rate on the taxable amount, rounded half-up to the cent', () => {
    expect(withholdingAmount({ lines: [line('333.33', '10')], withholdingRate: '4.00' })).toBe('13.33');
    expect(withholdingAmount({ lines: [line('12.50')], withholdingRate: '4.00' })).toBe('0.50');
    expect(withholdingAmount({ lines: [line('0.125', '22', null, '100')], withholdingRate: '20' })).toBe('2.50');
    expect(withholdingAmount({ lines: [line('100')], withholdingRate: null })).toBe('0.00');
  });

  it('pays the total less split-payment VAT and the withholding', () => {
    const lines = [line('1000')];
    expect(amountPayable({ lines })).toBe('1220.00');
    expect(amountPayable({ lines, splitPayment: true })).toBe('1000.00');
    expect(amountPayable({ lines, withholdingRate: '4.00' })).toBe('1180.00');
    expect(amountPayable({ lines, splitPayment: true, withholdingRate: '4.00' })).toBe('960.00');
    expect(amountPayable({ lines: [line('100', '0', 'N4')], stampDuty: '2.00' })).toBe('102.00');
  });

  it('names the amount the written due dates miss', () => {
    const lines = [line('1000')];
    const dueDates = [{ amount: '500.00' }, { amount: '500.00' }];
    expect(dueDatesMismatch({ lines, splitPayment: true, dueDates })).toBeNull();
    expect(dueDatesMismatch({ lines, dueDates })).toBe('1220.00');
    expect(dueDatesMismatch({ lines, dueDates: [] })).toBeNull();
  });
});
