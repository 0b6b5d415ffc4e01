import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { itHoldsTheCatalogueRules, sourceFiles } from '../../test/catalogues';
import en from './en.json';
import italian from './it.json';
import romanian from './ro.json';

const catalogues: Record<string, Record<string, string>> = { en, it: italian, ro: romanian };
/** Where the Command Center's texts are named: its features, its shell and its shared session. */
const adminSources = [
  ...['registrations', 'tour', 'operators', 'account', 'performers-sheet', 'activity'].map(
    (feature) => join(__dirname, '../../features', feature),
  ),
  join(__dirname, '../../app/command-center'),
  join(__dirname, '../../lib/admin-session'),
];

describe('Command Center catalogues', () => {
  itHoldsTheCatalogueRules(
    catalogues,
    /^admin\.(event\.|slot\.heading|chart\.dayBar|csv\.email|row\.email|gate\.password|no$|actor\.admin$|filter\.option$|landing\.slot$|activity\.operator$)/,
  );

  it('keeps only admin.* keys, apart from the site catalogue', () => {
    expect(Object.keys(en).filter((key) => !key.startsWith('admin.'))).toEqual([]);
  });

  it('has every admin key the Command Center source names', () => {
    const used = new Set<string>();
    for (const file of adminSources.flatMap(sourceFiles)) {
      for (const match of readFileSync(file, 'utf8').matchAll(
        /['"`](admin\.[a-zA-Z0-9.]+)['"`]/g,
      )) {
        used.add(match[1]!);
      }
    }
    expect(used.size).toBeGreaterThan(50);
    expect([...used].filter((key) => !(key in en))).toEqual([]);
  });

  it('keeps SPEC section 8 texts exact in English', () => {
    expect(en).toMatchObject({
      'admin.toast.accessGranted.title': 'Access Granted',
      'admin.toast.accessGranted.description': 'Welcome to the admin console.',
      'admin.toast.accessDenied.title': 'Access Denied',
      'admin.toast.accessDenied.description': 'Invalid password. Please try again.',
      'admin.toast.loginError.title': 'Login Error',
      'admin.toast.loginError.description': 'Unable to authenticate. Please try again.',
      'admin.toast.loggedOut.title': 'Logged Out',
      'admin.toast.deleted.title': 'Registration Deleted',
      'admin.toast.deleteFailed.title': 'Delete Failed',
      'admin.toast.deleteFailed.description':
        'Failed to delete the registration. Please try again.',
      'admin.toast.confirmed.title': 'Registration Confirmed!',
      'admin.toast.confirmFailed.title': 'Confirmation Failed',
      'admin.toast.statusUpdated.title': 'Status Updated',
      'admin.toast.dreamCapturedFailed.title': 'Update Failed',
      'admin.toast.dreamCapturedFailed.description':
        'Failed to update dream captured status. Please try again.',
      'admin.toast.paidUpdated.title': 'Payment Status Updated',
      'admin.toast.paidFailed.title': 'Update Failed',
      'admin.toast.paidFailed.description': 'Failed to update payment status. Please try again.',
      'admin.toast.dreamSaved.title': 'Dream Saved',
      'admin.toast.dreamSaveFailed.title': 'Save Failed',
      'admin.toast.dreamSaveFailed.description': 'Failed to save dream text. Please try again.',
      'admin.toast.noData.title': 'No Data to Export',
      'admin.toast.noRegistrations.title': 'No Registrations',
      'admin.toast.exported.title': 'Export Successful',
      'admin.dashboard.title': 'Command Center',
      'admin.row.unknownName': 'Unknown Name',
      'admin.badge.full': 'FULL',
      'admin.badge.almostFull': 'ALMOST FULL',
      'admin.status.waiting': 'WAITING',
      'admin.status.confirmed': 'CONFIRMED',
      'admin.yes': 'YES',
      'admin.no': 'NO',
    });
  });
});
