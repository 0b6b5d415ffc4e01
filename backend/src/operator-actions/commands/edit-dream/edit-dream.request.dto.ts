import { DreamText } from '../../../registrations/dream-messages';

export class EditDreamRequestDto {
  @DreamText()
  dream: string;
}
