"""Optional TLS for every listener (OTLP/HTTP, OTLP/gRPC, REST API) from PEM files.

Settings (the `tls` section; absent = plain text everywhere)::

    tls:
      cert_file: /etc/tracepatrol/server.pem   # server certificate chain (PEM), required
      key_file: /etc/tracepatrol/server.key    # its private key (PEM, unencrypted), required
      client_ca_file: /etc/tracepatrol/ca.pem  # optional: require client certificates signed by it (mTLS)

Each file must exist and load (PEM, key matching the certificate) when the server starts;
otherwise `tracepatrol serve` exits with code 2 and a message naming the key (e.g.
``tls.cert_file``). Relative paths are relative to the working directory. With TLS on, the
ports speak TLS only: plain-text clients are refused.
"""
from __future__ import annotations

import ssl
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator


class TLSSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    cert_file: Path = Field(description="server certificate chain, PEM")
    key_file: Path = Field(description="private key of cert_file, PEM (unencrypted)")
    client_ca_file: Path | None = Field(None, description="when set, clients must present a certificate signed by this CA")

    @field_validator("cert_file", "key_file", "client_ca_file")
    @classmethod
    def _must_exist(cls, value: Path | None) -> Path | None:
        if value is not None and not value.is_file():
            raise ValueError(f"file {value} does not exist")
        return value

    @model_validator(mode="after")
    def _must_load(self) -> "TLSSettings":
        """Fail at start-up, naming the files, rather than on the first connection."""
        ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        try:
            ctx.load_cert_chain(self.cert_file, self.key_file)
        except (ssl.SSLError, OSError) as exc:
            raise ValueError(f"cannot load cert_file {self.cert_file} with key_file {self.key_file}: {exc}") from None
        if self.client_ca_file is not None:
            try:
                ctx.load_verify_locations(self.client_ca_file)
            except (ssl.SSLError, OSError) as exc:
                raise ValueError(f"cannot load client_ca_file {self.client_ca_file}: {exc}") from None
        return self

    def uvicorn_kwargs(self) -> dict[str, Any]:
        """Keyword arguments for `uvicorn.Config`."""
        kwargs: dict[str, Any] = {"ssl_certfile": str(self.cert_file), "ssl_keyfile": str(self.key_file)}
        if self.client_ca_file is not None:
            kwargs |= {"ssl_ca_certs": str(self.client_ca_file), "ssl_cert_reqs": ssl.CERT_REQUIRED}
        return kwargs

    def grpc_credentials(self):
        """`grpc.ServerCredentials` for `add_secure_port`."""
        import grpc

        ca = self.client_ca_file.read_bytes() if self.client_ca_file is not None else None
        return grpc.ssl_server_credentials(((self.key_file.read_bytes(), self.cert_file.read_bytes()),),
                                           root_certificates=ca, require_client_auth=ca is not None)
