import type { MountImplementation } from './checkout';
import { asCheckoutError } from './errors';
import type { MountOptions } from './types';

/**
 * A `mount()` that loads the UI chunk on first use: a handle at once, the form as soon as the
 * chunk arrives. Updates made meanwhile are applied; a failure goes to `onError`, or to
 * `console.error` without one.
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
        const failure = asCheckoutError(error, 'The checkout form could not load');
        // Not silent without onError: the script-tag build throws this synchronously.
        const onError = options?.onError;
        if (typeof onError === 'function') onError(failure);
        else console.error(failure);
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
