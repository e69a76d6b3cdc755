import type { SessionView } from '@splitpay/domain';
import type { ElementsAccess } from './elements-access';
import type { ViewPresenter } from './view-presenter';

/** GET /elements/session: the view, also during the read-only grace after the session ended. */
export class ReadSessionViewUseCase {
  constructor(
    private readonly access: ElementsAccess,
    private readonly views: ViewPresenter,
  ) {}

  async execute(token: string | undefined): Promise<SessionView> {
    return this.views.present(await this.access.read(token));
  }
}
