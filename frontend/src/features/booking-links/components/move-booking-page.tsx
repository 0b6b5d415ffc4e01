import { BookingLinksIntl } from '../booking-links-intl';
import { MoveBookingPage } from './change-booking';

export default function MoveBookingPageInItsLanguage() {
  return (
    <BookingLinksIntl>
      <MoveBookingPage />
    </BookingLinksIntl>
  );
}
