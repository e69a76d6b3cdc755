export * from './scrypt.password-hasher';
export * from './aes-gcm.secret-sealer';
export * from './random.token-minter';
export * from './hmac.elements-tokens';
