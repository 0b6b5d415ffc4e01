import { BookingLinksIntl } from '../booking-links-intl';
import { HandOnBookingPage } from './change-booking';

export default function HandOnBookingPageInItsLanguage() {
  return (
    <BookingLinksIntl>
      <HandOnBookingPage />
    </BookingLinksIntl>
  );
}
