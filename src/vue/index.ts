// secure-checkout/vue: being written (see the brief).
export {};
