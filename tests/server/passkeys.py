"""A software authenticator, so that the passkey ceremonies are tested end to end without a browser: an ES256 key
per passkey, "none" attestation, authenticator data with the flags a platform passkey sets (user present, user
verified, attested credential data), assertions that count their signatures. What the page would post back is what
``PublicKeyCredential.toJSON()`` gives; ``sign_up``, ``sign_in`` and ``add_passkey`` run a whole ceremony against a
``TestClient`` from the server's own origin."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import struct
from dataclasses import dataclass, field
from typing import Any

import cbor2
import httpx
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from fastapi.testclient import TestClient

ORIGIN = "http://testserver"  # TestClient's own address: the server's origin when none is configured
SAME_ORIGIN = {"Origin": ORIGIN}
UP, UV, AT = 0x01, 0x04, 0x40


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Passkey:
    rp_id: str
    user_handle: bytes
    key: ec.EllipticCurvePrivateKey = field(default_factory=lambda: ec.generate_private_key(ec.SECP256R1()))
    credential_id: bytes = field(default_factory=lambda: os.urandom(32))
    sign_count: int = 0

    @property
    def id(self) -> str:
        return b64(self.credential_id)

    def cose_key(self) -> bytes:
        numbers = self.key.public_key().public_numbers()
        return cbor2.dumps({1: 2, 3: -7, -1: 1, -2: numbers.x.to_bytes(32, "big"), -3: numbers.y.to_bytes(32, "big")})


class Authenticator:
    """One device's passkeys (discoverable: found by RP ID, as a platform authenticator does)."""

    def __init__(self, origin: str = ORIGIN, flags: int = UP | UV) -> None:
        self.origin = origin
        self.flags = flags
        self.passkeys: list[Passkey] = []

    def _client_data(self, kind: str, challenge: str, origin: str | None) -> bytes:
        return json.dumps({"type": kind, "challenge": challenge, "origin": origin or self.origin,
                           "crossOrigin": False}).encode()

    def create(self, options: dict[str, Any], origin: str | None = None) -> dict[str, Any]:
        """``navigator.credentials.create`` for these (parsed) creation options."""
        rp_id = options["rp"]["id"]
        excluded = {c["id"] for c in options.get("excludeCredentials", [])}
        if any(p.id in excluded and p.rp_id == rp_id for p in self.passkeys):
            raise RuntimeError("InvalidStateError: this authenticator holds an excluded credential")
        passkey = Passkey(rp_id, unb64(options["user"]["id"]))
        self.passkeys.append(passkey)
        credential_id = passkey.credential_id
        attested = bytes(16) + struct.pack(">H", len(credential_id)) + credential_id + passkey.cose_key()
        auth_data = (hashlib.sha256(rp_id.encode()).digest() + bytes([self.flags | AT])
                     + struct.pack(">I", passkey.sign_count) + attested)
        attestation = cbor2.dumps({"fmt": "none", "attStmt": {}, "authData": auth_data})
        return {"id": passkey.id, "rawId": passkey.id, "type": "public-key", "authenticatorAttachment": "platform",
                "clientExtensionResults": {},
                "response": {"clientDataJSON": b64(self._client_data("webauthn.create", options["challenge"], origin)),
                             "attestationObject": b64(attestation), "transports": ["internal"]}}

    def get(self, options: dict[str, Any], passkey: Passkey | None = None, origin: str | None = None,
            count: int | None = None) -> dict[str, Any]:
        """``navigator.credentials.get`` for these (parsed) request options: the newest passkey for the RP ID (or
        ``passkey``); ``count`` overrides the signature counter (a replayed or cloned key)."""
        rp_id = options["rpId"]
        passkey = passkey or next(p for p in reversed(self.passkeys) if p.rp_id == rp_id)
        passkey.sign_count = passkey.sign_count + 1 if count is None else count
        auth_data = hashlib.sha256(rp_id.encode()).digest() + bytes([self.flags]) + struct.pack(">I",
                                                                                                passkey.sign_count)
        client_data = self._client_data("webauthn.get", options["challenge"], origin)
        signature = passkey.key.sign(auth_data + hashlib.sha256(client_data).digest(), ec.ECDSA(hashes.SHA256()))
        return {"id": passkey.id, "rawId": passkey.id, "type": "public-key", "authenticatorAttachment": "platform",
                "clientExtensionResults": {},
                "response": {"clientDataJSON": b64(client_data), "authenticatorData": b64(auth_data),
                             "signature": b64(signature), "userHandle": b64(passkey.user_handle)}}


def sign_up(client: TestClient | Browser, name: str, device: Authenticator | None = None,
            label: str = "laptop") -> Authenticator:
    """A whole sign-up from the server's own page: the client holds the new session's cookie afterwards."""
    device = device or Authenticator()
    begun = client.post("/accounts/options", json={"name": name}, headers=SAME_ORIGIN)
    assert begun.status_code == 200, begun.text
    body = begun.json()
    done = client.post("/accounts", json={"ceremony": body["ceremony"], "credential": device.create(body["publicKey"]),
                                          "label": label}, headers=SAME_ORIGIN)
    assert done.status_code == 201, done.text
    return device


def sign_in(client: TestClient | Browser, device: Authenticator, passkey: Passkey | None = None) -> Any:
    """A whole sign-in: the answer of ``POST /session``."""
    begun = client.post("/session/options", json={}, headers=SAME_ORIGIN)
    assert begun.status_code == 200, begun.text
    body = begun.json()
    return client.post("/session", json={"ceremony": body["ceremony"],
                                         "credential": device.get(body["publicKey"], passkey)}, headers=SAME_ORIGIN)


def add_passkey(client: TestClient | Browser, device: Authenticator, label: str = "phone") -> Any:
    begun = client.post("/account/passkeys/options", json={}, headers=SAME_ORIGIN)
    assert begun.status_code == 200, begun.text
    body = begun.json()
    return client.post("/account/passkeys", json={"ceremony": body["ceremony"],
                                                  "credential": device.create(body["publicKey"]), "label": label},
                       headers=SAME_ORIGIN)


class Browser:
    """Another browser at the same server: its own cookie jar, one ``TestClient`` (one lifespan, one event loop)."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        self.cookies = httpx.Cookies()

    def _swap(self) -> None:
        self.client.cookies = self.cookies

    def request(self, method: str, url: str, **kwargs: Any) -> httpx.Response:
        self._swap()
        try:
            return self.client.request(method, url, **kwargs)
        finally:
            self.cookies = httpx.Cookies(self.client.cookies)

    def get(self, url: str, **kwargs: Any) -> httpx.Response:
        return self.request("GET", url, **kwargs)

    def post(self, url: str, **kwargs: Any) -> httpx.Response:
        return self.request("POST", url, **kwargs)

    def delete(self, url: str, **kwargs: Any) -> httpx.Response:
        return self.request("DELETE", url, **kwargs)

    def websocket_connect(self, url: str, **kwargs: Any) -> Any:
        self._swap()  # the handshake carries this browser's cookies
        return self.client.websocket_connect(url, **kwargs)
