import { Injectable } from '@nestjs/common';
import { CommandBus, QueryBus, type Command, type Query } from '@nestjs/cqrs';

/**
 * A route that changes something and answers it as it now stands: it sends its command, then
 * asks the query that reads what the command changed. A module's kind of change says which query
 * that is (`answerTo`); its routes' controllers extend that and say only their route and command.
 */
@Injectable()
export abstract class ChangeController<Change extends Command<void>, Answer> {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  /** The query that reads, after `change`, what it changed. */
  protected abstract answerTo(change: Change): Query<Answer>;

  protected async changed(change: Change): Promise<Answer> {
    await this.commandBus.execute(change);
    return this.queryBus.execute(this.answerTo(change));
  }
}
