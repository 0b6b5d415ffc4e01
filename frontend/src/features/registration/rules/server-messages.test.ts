import { createIntl } from 'react-intl';
import en from '../../../lang/en.json';
import ro from '../../../lang/ro.json';
import { localiseServerMessage } from './server-messages';

describe('localiseServerMessage', () => {
  it('shows the server’s refusals of control characters in the visitor’s language', () => {
    const intl = createIntl({ locale: 'ro', messages: ro });
    expect(
      localiseServerMessage(
        intl,
        'Name must not contain control characters; Your dream must not contain control characters',
      ),
    ).toBe(`${ro['form.error.nameControl']}; ${ro['form.error.dreamControl']}`);
    expect(
      localiseServerMessage(
        createIntl({ locale: 'en', messages: en }),
        'Phone number must not contain control characters',
      ),
    ).toBe(en['form.error.whatsappControl']);
  });
});
