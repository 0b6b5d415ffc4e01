import { HandOnBookingPage } from './change-booking';

export default HandOnBookingPage;
