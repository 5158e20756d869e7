import { describe, expect, it } from 'vitest';
import { parseTenantArgs, UsageError } from '../../../server/cli/tenant-args';

const valid = ['--id', 'rossi', '--name', 'Rossi Impianti', '--admin', 'admin', '--email', 'it@rossi.example'];

describe('npm run tenant -- ...', () => {
  it('reads create with its options, the locale Italian by default and the password optional', () => {
    expect(parseTenantArgs(['create', ...valid])).toEqual({
      command: 'create',
      tenant: { id: 'rossi', name: 'Rossi Impianti', admin: 'admin', email: 'it@rossi.example', locale: 'it' },
    });
    const withPassword = parseTenantArgs(['create', ...valid, '--password', 'long enough', '--locale', 'en']);
    expect(withPassword).toMatchObject({ tenant: { password: 'long enough', locale: 'en' } });
    expect(parseTenantArgs(['list'])).toEqual({ command: 'list' });
    expect(parseTenantArgs([])).toEqual({ command: 'help' });
  });

  it('names every wrong or missing option at once', () => {
    const error = (() => {
      try {
        parseTenantArgs([
          'create',
          '--id',
          'Rossi_1',
          '--admin',
          'no spaces',
          '--email',
          'nope',
          '--password',
          'short',
        ]);
      } catch (e) {
        return e as Error;
      }
      throw new Error('accepted');
    })();
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message.split('\n').slice(1)).toEqual([
      expect.stringMatching(/^ {2}--id: must be lower-case letters/),
      '  --name: is required',
      expect.stringMatching(/^ {2}--admin: must be letters, digits/),
      '  --email: must be an e-mail address',
      '  --password: must be at least 8 characters',
    ]);
  });

  it('refuses unknown options, commands and stray arguments', () => {
    expect(() => parseTenantArgs(['create', ...valid, '--colour', 'red'])).toThrow(/Unknown option '--colour'/);
    expect(() => parseTenantArgs(['delete'])).toThrow('Unknown command "delete": use create or list');
    expect(() => parseTenantArgs(['list', 'x'])).toThrow('list takes no arguments (got x)');
    expect(() => parseTenantArgs(['create', ...valid, 'extra'])).toThrow(UsageError);
  });
});
