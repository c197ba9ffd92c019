// secure-checkout/react: being written (see the brief).
export {};
