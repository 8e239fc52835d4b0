import { AdminTokenSigner } from '@coffee-guide/nest-common';
import { Controller, Get, Header } from '@nestjs/common';

/** The public half of the signing key, for the BFF and the services to verify admin tokens. */
@Controller('.well-known')
export class JwksController {
  constructor(private readonly signer: AdminTokenSigner) {}

  @Get('jwks.json')
  @Header('cache-control', 'public, max-age=300')
  jwks() {
    return this.signer.jwks();
  }
}
