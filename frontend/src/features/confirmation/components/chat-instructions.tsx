import { FormattedMessage } from 'react-intl';
import { useSiteInfo } from '../../../lib/site-info';
import { Section } from '../../../components/section';

/** How to join the group chat where participants send further dreams. */
export function ChatInstructions() {
  const siteInfo = useSiteInfo();
  return (
    <Section titleId="chat.title" headingId="chat-title" className="card chat">
      <ol className="chat__steps">
        <li>
          <FormattedMessage id="chat.step1" />
        </li>
        <li>
          <FormattedMessage id="chat.step2" />{' '}
          {siteInfo.data ? (
            <code className="join-code">{siteInfo.data.chatJoinCode}</code>
          ) : (
            <FormattedMessage id="common.loading" />
          )}
        </li>
        <li>
          <FormattedMessage id="chat.step3" />
        </li>
      </ol>
    </Section>
  );
}
