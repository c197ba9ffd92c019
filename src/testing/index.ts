// secure-checkout/testing: being written (see the brief).
export {};
