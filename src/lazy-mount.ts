import { asCheckoutError } from './api/errors';
import type { MountImplementation } from './checkout';
import type { MountOptions } from './types';

/**
 * A `mount()` that loads the UI chunk on first use: a handle at once, the form as soon as the
 * chunk arrives. Updates made meanwhile are applied; a failure goes to `onError`.
 */
export const lazyMount =
  (load: () => Promise<MountImplementation>): MountImplementation =>
  (context, target, options) => {
    let mounted: ReturnType<MountImplementation> | undefined;
    let destroyed = false;
    const pending: Partial<MountOptions> = {};
    load()
      .then((mount) => {
        if (!destroyed) mounted = mount(context, target, { ...options, ...pending });
      })
      .catch((error: unknown) => {
        options.onError?.(asCheckoutError(error, 'The checkout form could not load'));
      });
    return {
      destroy() {
        destroyed = true;
        mounted?.destroy();
      },
      update(changes) {
        if (mounted) mounted.update(changes);
        else Object.assign(pending, changes);
      },
    };
  };
