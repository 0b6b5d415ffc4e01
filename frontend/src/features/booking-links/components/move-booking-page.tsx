import { MoveBookingPage } from './change-booking';

export default MoveBookingPage;
