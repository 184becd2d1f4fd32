"""Tests for memory.gate. Fake credentials are assembled at runtime so no literal secret
sits in this file for a scanner to flag."""

from __future__ import annotations

import itertools
import re

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from memory import credentials, gate
from memory.gate import (
    MIN_WORDS,
    GateVerdict,
    check,
    content_hash,
    find_credentials,
    meaningful_words,
    normalize,
    redact,
)

# ---------------------------------------------------------------------------
# fake credentials: (kind, text, secret)

_PEM_BODY = "MIIEpAIBAAKCAQEA" + "q8Zt" * 16 + "\n" + "Lm3N" * 16
_JWT = (
    "eyJ"
    + "hbGciOiJIUzI1NiJ9"
    + ".eyJ"
    + "zdWIiOiIxMjM0NTY3ODkwIn0"
    + "."
    + "dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"
)


def _cases() -> list[tuple[str, str, str]]:
    openai = "sk-" + "proj-" + "Ab3dEf7h" * 4
    openai_plain = "sk-" + "T3stKey9" * 5
    anthropic = "sk-" + "ant-api03-" + "Zx9Q" * 8
    stripe = "sk_" + "live_" + "4eC39HqLyjWD" + "arjtT1zdp7dc"
    stripe_rk = "rk_" + "live_" + "51HxYz" * 4
    ghp = "ghp_" + "A1b2" * 9
    gho = "gho_" + "Q7wE" * 9
    gh_pat = "github_" + "pat_" + "11ABCDEFG0" + "_" + "x9Y8" * 6
    glpat = "glpat-" + "x7Yz-Q9w_" * 3
    slack = "xox" + "b-" + "1234567890-" + "AbCdEf123456"
    akia = "AKIA" + "Z7Q2" * 4
    asia = "ASIA" + "K3M9" * 4
    aws_secret = ("wJal/K7M+bPx" * 4)[:40]
    bearer = "abc123" * 5
    webhook = "https://hooks.slack.com/services/" + "T0A1B2C3D/B4E5F6G7H/" + "x1Y2z3W4" * 3
    discord = "https://discord.com/api/webhooks/" + "123456789012345678/" + "Ab_Cd-Ef" * 4
    google = "AIza" + "Sy" + "B1c2D3e4" * 4 + "x"
    crypt = "$6$" + "rounds=5000$saltsalt$" + "Zx9q8W7e6R5t4Y3u" * 4
    yescrypt = "$y$" + "j9T$abcdefghijklmnop$" + "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijk12345"
    pw = "Tr0ub4dor" + "&3x"
    return [
        ("openai_key", f"Use this key {openai} for the nightly batch job.", openai),
        ("openai_key", f"OPENAI_API_KEY={openai_plain} lives in my shell profile now", openai_plain),
        ("anthropic_key", f"The Claude key is {anthropic} for the eval harness.", anthropic),
        ("stripe_key", f"Stripe live secret {stripe} is used by the billing worker.", stripe),
        ("stripe_key", f"Restricted stripe key {stripe_rk} for the reporting job.", stripe_rk),
        ("github_token", f"Personal token {ghp} grants repo scope to the CI runner.", ghp),
        ("github_token", f"OAuth token {gho} was issued to the docs bot yesterday.", gho),
        ("github_token", f"Fine grained token {gh_pat} for the release workflow.", gh_pat),
        ("gitlab_token", f"GitLab deploy token {glpat} for the mirror job.", glpat),
        ("slack_token", f"Slack bot token {slack} posts alerts to the ops channel.", slack),
        ("aws_access_key", f"The AWS access key id is {akia} in us-east-1 today.", akia),
        ("aws_access_key", f"Temporary session key {asia} expires in one hour.", asia),
        ("webhook_url", f"The alerts go to the webhook {webhook} for the ops channel.", webhook),
        ("webhook_url", f"Discord release notes post to {discord} every Friday.", discord),
        ("google_api_key", f"The maps widget uses the key {google} on the contact page.", google),
        ("password_hash", f"The old admin password hash on the build box is {crypt} today.", crypt),
        ("password_hash", f"The backup user line is backup:{yescrypt}:19000:0:99999:7:::", yescrypt),
        (
            "aws_secret",
            f"Set aws_secret_access_key = {aws_secret} in the credentials file.",
            aws_secret,
        ),
        (
            "aws_secret",
            f"AWS Secret Access Key: {aws_secret} for the backup user account.",
            aws_secret,
        ),
        ("bearer_token", f"Call the API with Authorization: Bearer {bearer} header set.", bearer),
        (
            "private_key",
            "Deploy key for the staging box follows below:\n-----BEGIN RSA PRIVATE KEY-----\n"
            + _PEM_BODY
            + "\n-----END RSA PRIVATE KEY-----\nthanks",
            _PEM_BODY,
        ),
        (
            "private_key",
            "Pasted half of the ssh key by mistake here:\n-----BEGIN OPENSSH PRIVATE KEY-----\n" + _PEM_BODY,
            _PEM_BODY,
        ),
        ("jwt", f"Session cookie for the admin user was {_JWT} until logout.", _JWT),
        ("jwt", f"Send Authorization: Bearer {_JWT} to the staging API.", _JWT),
        ("secret_assignment", f"The staging database uses password={pw} for now.", pw),
        ("secret_assignment", f"Config line DB_PASSWORD: '{pw}' in the old compose file.", pw),
        ("secret_assignment", f'The payload had {{"api_key": "{pw}"}} in plain text.', pw),
        ("secret_assignment", f"Register the app with client_secret = {pw} for SSO.", pw),
        ("secret_assignment", f"Remember token: {pw} for the webhook receiver.", pw),
        ("secret_assignment", f"Wifi for the office guest network is passwd: {pw} today", pw),
        ("secret_assignment", f"Run it as PGPASSWORD={pw} psql -h db.internal to load the dump.", pw),
        # A connection string with its password: the brief's named class, which passed the gate whole.
        ("url_password", f"The reporting job reads postgres://report:{pw}@db.internal:5432/sales nightly.", pw),
        ("url_password", f"Sessions live in redis://:{pw}@cache.internal:6379/0 since the move.", pw),
        ("url_password", f"The mirror clones https://deploy:{pw}@git.example.com/team/app.git each hour.", pw),
        ("url_password", "Atlas is at mongodb+srv://app:p@ss-W0rd-9@cluster0.example.net/prod for now.", "p@ss-W0rd-9"),
    ]


CASES = _cases()
IDS = [f"{k}-{i}" for i, (k, _, _) in enumerate(CASES)]


@pytest.mark.parametrize(("kind", "text", "secret"), CASES, ids=IDS)
def test_credential_rejected_with_kind_and_no_secret_in_detail(kind, text, secret):
    v = check(text)
    assert v.reason == "credential_leak"
    assert not v.passed
    assert v.detail == kind
    assert secret not in v.detail


@pytest.mark.parametrize(("kind", "text", "secret"), CASES, ids=IDS)
def test_redact_removes_secret_and_is_idempotent(kind, text, secret):
    out = redact(text)
    assert secret not in out
    assert f"[REDACTED:{kind}]" in out
    assert redact(out) == out
    assert find_credentials(out) == []
    assert check(out).reason != "credential_leak"


@pytest.mark.parametrize(("kind", "text", "secret"), CASES, ids=IDS)
def test_find_credentials_spans_cover_secret(kind, text, secret):
    found = find_credentials(text)
    assert [k for k, _, _ in found] == [kind]
    _, s, e = found[0]
    i = text.index(secret)
    assert s <= i and i + len(secret) <= e


def test_assignment_redacts_value_only_key_stays_visible():
    pw = "Tr0ub4dor" + "&3x"
    assert redact(f"db password={pw} ok") == "db password=[REDACTED:secret_assignment] ok"
    assert redact(f'"api_key": "{pw}"') == '"api_key": "[REDACTED:secret_assignment]"'


def test_quoted_passphrase_with_spaces_is_redacted_whole():
    phrase = "correct horse " + "battery staple"
    text = f"Vault unlock uses password = '{phrase}' on the laptop."
    assert check(text) == GateVerdict("credential_leak", "secret_assignment")
    out = redact(text)
    assert out == "Vault unlock uses password = '[REDACTED:secret_assignment]' on the laptop."
    assert "horse" not in out and redact(out) == out


def test_bearer_keeps_scheme_word():
    tok = "abc123" * 5
    assert redact(f"Authorization: Bearer {tok}") == "Authorization: Bearer [REDACTED:bearer_token]"


def test_overlapping_matches_merge_to_most_specific_kind():
    key = "sk-" + "T3stKey9" * 5
    text = f"api_key={key}"
    assert find_credentials(text) == [("openai_key", len("api_key="), len(text))]
    assert redact(text) == "api_key=[REDACTED:openai_key]"


def test_multiple_credentials_sorted_and_non_overlapping():
    ghp = "ghp_" + "A1b2" * 9
    akia = "AKIA" + "Z7Q2" * 4
    text = f"first {akia} then {ghp} and password=" + "Xy9" * 4
    found = find_credentials(text)
    assert [k for k, _, _ in found] == ["aws_access_key", "github_token", "secret_assignment"]
    assert all(a[2] <= b[1] for a, b in itertools.pairwise(found))
    out = redact(text)
    assert akia not in out and ghp not in out and "Xy9" * 4 not in out
    assert redact(out) == out


def test_glued_tokens_redacted_in_one_pass():
    # A 40-char AWS value glued to a JWT: redacting the JWT must not expose a new match.
    text = "aws_secret_access_key=" + "Ab3/" * 10 + _JWT
    out = redact(text)
    assert out == "aws_secret_access_key=[REDACTED:jwt]"
    assert redact(out) == out


def _gate_cost(n: int) -> float:
    """CPU seconds (best of 3) for the gate, redaction and normalising of four pathological texts of size n."""
    import time

    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        for text in ("sk-" * n, "password: '" + "a " * n, "bearer " * n, ". " * n + "x"):
            check(text)
            redact(text)
            normalize(text)
        best = min(best, time.process_time() - start)
    return best


def test_pathological_input_is_linear():
    """Ten times the input costs about ten times the work (8.6x measured), never the hundredfold of a
    quadratic pattern. A ratio of CPU times in one process: a loaded machine slows both sides alike."""
    small, large = _gate_cost(2_000), _gate_cost(20_000)
    assert large < 25 * max(small, 0.005), (small, large)


def test_check_reports_first_credential_kind():
    ghp = "ghp_" + "A1b2" * 9
    akia = "AKIA" + "Z7Q2" * 4
    assert check(f"keys are {akia} and {ghp} for the bot").detail == "aws_access_key"


# ---------------------------------------------------------------------------
# false-positive guards

PROSE = [
    "The password is stored in the vault, not in the repo.",
    "We compared sk-learn style estimators for the ranking baseline.",
    "This is a task-related note about the sprint planning meeting.",
    "Rotate the API token every ninety days per the security policy.",
    "Token: authentication tokens expire after one hour of inactivity.",
    "Secret management moved from dotenv files to the OS keychain.",
    "The bearer of this badge may enter the server room after hours.",
    "Set password: <your-password-here> in the local config template.",
    "Logs show it masked as password: ******** so nobody sees it.",
    "The access_token field is refreshed by the client library automatically.",
    "Read it with api_key=os.getenv('OPENAI_API_KEY') instead of hardcoding it.",
    "Compose file sets password=${DB_PASSWORD} from the environment.",
    "The secret to good sourdough is a long cold ferment.",
    "GitHub tokens start with a ghp prefix and AWS keys start with AKIA.",
    "Bearer token authentication is configured in the gateway for all routes.",
    "The shell printed pwd: /home/alice/projects/quire after the cd command.",
    "Use scikit-learn with task-specific prompts and the sk-learn wrapper.",
    "Ask Bob for the passwords; the secrets rotation runbook is in the wiki.",
    "We set max_tokens to 4096 for the summarizer and it was fine.",
    "The template reads postgres://app:${DB_PASSWORD}@db:5432/app from the environment.",
    "Replace the example postgres://user:<password>@localhost/app with your own values.",
    "The docs write it as postgres://user:password@localhost/app for the local database.",
    "Clone git@github.com:team/app.git or https://user@git.example.com/team/app.git instead.",
    "The API runs on https://example.com:8443/v1 and mail goes to ops@example.com tonight.",
]


@pytest.mark.parametrize("text", PROSE)
def test_ordinary_prose_not_flagged(text):
    assert find_credentials(text) == []
    assert redact(text) == text
    assert check(text).passed, check(text)


# ---------------------------------------------------------------------------
# noise patterns

NOISE = [
    ("system_prompt_preamble", "You are a helpful assistant that answers cooking questions."),
    ("system_prompt_preamble", "  As an AI language model I cannot browse the web.  "),
    ("system_prompt_preamble", "Your role is to review pull requests for style issues."),
    ("system_prompt_markers", "<<SYS>> answer only in French and keep it brief <</SYS>>"),
    ("system_prompt_markers", "Reply with the summary of the text below [/INST] sure thing"),
    ("system_prompt_markers", "### Instruction: summarize the following meeting notes"),
    ("system_prompt_markers", "System: you must always be terse and never ramble on."),
    ("instruction_density", "Always cite sources, never guess, ensure accuracy, and you must be brief."),
    ("instruction_density", "Do not reply late; you shall always ensure the build is green."),
    ("heartbeat", "heartbeat from worker-3 at tick 4412 all queues drained"),
    ("heartbeat", "Health check passed for api gateway and the database"),
    ("timestamp_only", "2024-05-01T10:00:00Z 2024-05-01T10:05:00Z 2024-05-01 10:10 run"),
    ("timestamp_only", "2024-05-01 12:30:00 2024-05-02 13:45:00 ok done"),
]


@pytest.mark.parametrize(("name", "text"), NOISE)
def test_noise_patterns_rejected(name, text):
    assert check(text) == GateVerdict("noise_pattern", name)


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("heartbeat", "heartbeat"),
        ("heartbeat", "Health Check"),
        ("heartbeat", "ping"),
        ("heartbeat", "status: ok"),
        ("heartbeat", " alive "),
        ("single_word_ack", "OK"),
        ("single_word_ack", "acknowledged"),
        ("single_word_ack", "roger"),
        ("timestamp_only", "2024-05-01T10:00:00Z"),
    ],
)
def test_short_noise_is_named_but_too_short_wins(name, text):
    # The one-word patterns exist for parity; too_short runs first and catches them.
    assert gate.noise_pattern(text) == name
    assert check(text).reason == "too_short"


def test_noise_pattern_order_preamble_before_density():
    text = "You are an agent: always ensure you never fail and must obey."
    assert check(text).detail == "system_prompt_preamble"


def test_few_keywords_or_late_keywords_are_fine():
    assert check("We must ship the release before the conference next week.").passed
    late = "x " * 110 + "must always never ensure"
    assert gate.noise_pattern(late) is None  # keywords past the first 200 chars


def test_timestamp_with_real_words_passes():
    assert check("2024-05-01T10:00 deployed the new ranking model to prod").passed


def test_noise_names_constant():
    assert gate.NOISE_PATTERNS == (
        "system_prompt_preamble",
        "system_prompt_markers",
        "instruction_density",
        "heartbeat",
        "single_word_ack",
        "timestamp_only",
    )


# ---------------------------------------------------------------------------
# too_short and rule order


def test_too_short_boundary():
    assert MIN_WORDS == 5
    v = check("alpha beta gamma delta")
    assert v == GateVerdict("too_short", "4 meaningful words (need 5)")
    assert check("alpha beta gamma delta epsilon").passed


@pytest.mark.parametrize("text", ["I live in Lyon", "I work at brightpath", "I'm vegan now", "my dentist is Dr Nowak"])
def test_a_short_statement_of_the_persons_life_is_kept(text):
    # life17: `quire capture "I live in Lyon"` was refused as too_short, a fact the life reading reads
    assert check(text).passed


@pytest.mark.parametrize("text", ["ok thanks", "I live here", "I love you", "I moved", "we bought a car"])
def test_a_short_text_that_states_nothing_of_the_persons_life_is_still_too_short(text):
    assert check(text).reason == "too_short"


def test_a_short_life_statement_with_a_secret_is_still_refused():
    assert check("I work at sk-proj-abcdefghijklmnopqrstuvwxyz0123").reason == "credential_leak"


@pytest.mark.parametrize(
    ("text", "n"),
    [
        ("", 0),
        ("   \n\t ", 0),
        ("- , ; ...", 0),
        ("a I 7", 3),
        ("ok! (yes) e.g.", 3),
        ("é — x", 2),  # non-ASCII dash is a single non-alphanumeric char
        ("don't stop-me now", 3),
    ],
)
def test_meaningful_words(text, n):
    assert meaningful_words(text) == n


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet=st.sampled_from("ab7 .,;-'()\n\té—我们決定ไทยカナ한국") | st.characters(), max_size=60))
def test_meaningful_words_fast_path_agrees_with_the_character_scan(text):
    """Text without an unspaced script skips the per-character scan; every text counts the same."""
    from memory.text import _words_by_script

    assert meaningful_words(text) == _words_by_script(text)


def test_punctuation_tokens_do_not_pad_word_count():
    assert check("one two three four - - - !!").reason == "too_short"


def test_rule_order_too_short_before_credential():
    ghp = "ghp_" + "A1b2" * 9
    v = check(f"token {ghp}")
    assert v.reason == "too_short"
    assert ghp not in v.detail


def test_rule_order_credential_before_noise():
    ghp = "ghp_" + "A1b2" * 9
    assert check(f"You are a bot with token {ghp} for the repo").reason == "credential_leak"


def test_verdict_is_frozen_and_passed():
    v = check("The deploy pipeline now runs integration tests nightly.")
    assert v == GateVerdict(None) and v.passed and v.detail == ""
    with pytest.raises(AttributeError):
        v.reason = "x"  # type: ignore[misc]


# ---------------------------------------------------------------------------
# normalize / content_hash


@pytest.mark.parametrize(
    "variant",
    [
        "We chose Postgres for the job queue",
        "we chose postgres for the job queue.",
        "  WE CHOSE   Postgres\nfor the\tjob queue!  ",
        "We chose Postgres for the job queue ?!",
        "We chose Ｐｏｓｔｇｒｅｓ for the job queue...",  # fullwidth, NFKC folds it
    ],
)
def test_normalize_variants_equal(variant):
    base = "We chose Postgres for the job queue"
    assert normalize(variant) == "we chose postgres for the job queue"
    assert content_hash(variant) == content_hash(base)


def test_normalize_collapses_every_kind_of_whitespace_and_keeps_what_is_not():
    """A no-break space, a line or paragraph separator, an ideographic space, NEL and the ASCII
    separators \x1c-\x1f between words are one space, as a plain run is: the same content hash.
    Control: a zero-width space or joiner is no whitespace and keeps the words apart in the hash."""
    plain = "we chose postgres for the job queue"
    for gap in ("\u00a0", "\u2028", "\u2029", "\u3000", "\x85", "\x1c", "\x1f", "\x0b\x0c", " \u2009 "):
        sent = f"{gap}We chose{gap}Postgres for the job{gap}queue{gap}"
        assert normalize(sent) == plain and content_hash(sent) == content_hash(plain)
    for glue in ("\u200b", "\u200d"):
        assert content_hash(f"We chose{glue}Postgres for the job queue") != content_hash(plain)


def test_content_hash_differs_for_different_content():
    a = content_hash("We chose Postgres for the job queue")
    assert a != content_hash("We chose SQLite for the job queue")
    assert a != content_hash("We chose Postgres, for the job queue")  # interior punctuation kept
    assert re.fullmatch(r"[0-9a-f]{64}", a)


def test_normalize_casefold_and_nfkc():
    assert normalize("Straße ﬁle") == "strasse file"


# ---------------------------------------------------------------------------
# properties

_TOKEN = st.one_of(
    st.tuples(st.just(""), st.from_regex(r"sk-[A-Za-z0-9_-]{10,25}[0-9][A-Za-z0-9_-]{9,25}", fullmatch=True)),
    st.tuples(st.just(""), st.from_regex(r"sk-ant-[A-Za-z0-9_-]{10,25}[0-9][A-Za-z0-9_-]{9,25}", fullmatch=True)),
    st.tuples(st.just(""), st.from_regex(r"(sk|rk)_(live|test)_[A-Za-z0-9]{16,30}", fullmatch=True)),
    st.tuples(st.just(""), st.from_regex(r"gh[psour]_[A-Za-z0-9]{30,40}", fullmatch=True)),
    st.tuples(st.just(""), st.from_regex(r"github_pat_[A-Za-z0-9_]{20,40}", fullmatch=True)),
    st.tuples(st.just(""), st.from_regex(r"glpat-[A-Za-z0-9_-]{20,30}", fullmatch=True)),
    st.tuples(st.just(""), st.from_regex(r"xox[abpr]-[A-Za-z0-9-]{10,30}", fullmatch=True)),
    st.tuples(st.just(""), st.from_regex(r"(AKIA|ASIA)[0-9A-Z]{16}", fullmatch=True)),
    st.tuples(
        st.sampled_from(["aws_secret_access_key=", "AWS Secret Access Key: "]),
        st.from_regex(r"[A-Za-z0-9/+=]{40}", fullmatch=True),
    ),
    st.tuples(
        st.sampled_from(["Bearer ", "bearer\t"]),
        st.from_regex(r"[A-Za-z0-9._~+/-]{5,20}[0-9._~+/-][A-Za-z0-9._~+/-]{14,30}=?", fullmatch=True),
    ),
    st.tuples(
        st.just(""),
        st.from_regex(r"eyJ[A-Za-z0-9_-]{8,20}\.eyJ[A-Za-z0-9_-]{8,20}\.[A-Za-z0-9_-]{8,20}", fullmatch=True),
    ),
    st.tuples(
        st.sampled_from(["password=", "API_KEY: ", "client_secret = '", "token:"]),
        # A digit keeps the value from coinciding with text of the "[REDACTED:...]" marker.
        st.from_regex(r"[A-Za-z!#%&*.@^_-]{4,12}[0-9][A-Za-z0-9!#%&*.@^_-]{3,12}", fullmatch=True),
    ),
    st.tuples(
        st.just("-----BEGIN EC PRIVATE KEY-----\n"),
        st.from_regex(r"[A-Za-z0-9+/]{20,60}", fullmatch=True),
    ),
)


@settings(max_examples=300, deadline=None)
@given(prefix=st.text(max_size=80), token=_TOKEN, suffix=st.text(max_size=80))
def test_redact_never_leaks_embedded_token(prefix, token, suffix):
    lead, secret = token
    assume(secret not in prefix and secret not in suffix)
    text = f"{prefix} {lead}{secret} {suffix}"
    out = redact(text)
    assert secret not in out
    assert redact(out) == out


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200))
def test_redact_idempotent_on_arbitrary_text(text):
    once = redact(text)
    assert redact(once) == once


def _fragments() -> list[str]:
    # Pieces that sit next to each other in ways single regexes do not expect: a token
    # glued to a key=value, a marker inside quotes, an unterminated PEM header, etc.
    return [
        "password",
        "Token",
        "api_key",
        "pwd",
        "secret",
        "client_secret",
        "=",
        ": ",
        " = ",
        "'",
        '"',
        "`",
        " ",
        "\n",
        "_",
        "-",
        ".",
        "==",
        "$",
        "{{",
        "<",
        ">",
        ")",
        "os.getenv(",
        "ghp_" + "A1b2" * 9,
        "github_" + "pat_",
        "sk-",
        "sk-" + "ant-",
        "sk_" + "test_",
        "rk_" + "live_",
        "glpat-",
        "xox" + "b-",
        "AKIA",
        "AKIA" + "Z7Q2" * 4,
        "ASIA",
        "Bearer ",
        "Bearer\t",
        "aws_secret_access_key=",
        "AWS Secret Access Key: ",
        "Ab3/" * 10,
        "eyJ" + "abcdefgh1.eyJ" + "abcdefgh2.abcdefgh3",
        "-----BEGIN RSA PRIVATE KEY-----",
        "-----END RSA PRIVATE KEY-----",
        "postgres://",
        "user:",
        ":",
        "@",
        "[REDACTED:jwt]",
        "[REDACTED:url_password]",
        "********",
        "abc12345",
        "hunter2hunter2",
        "abcdefgh",
        "1234567890",
        "words here",
        "Z",
    ]


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(_fragments()), max_size=25).map("".join))
def test_redact_is_a_fixpoint_on_adversarial_joins(text):
    once = redact(text)
    assert find_credentials(once) == []
    assert redact(once) == once


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=120))
def test_normalize_is_idempotent(text):
    assert normalize(normalize(text)) == normalize(text)


# Pieces a credential is made of, in several cases, with the separators and values around them:
# texts joined from them reach every pattern, near misses included.
_PIECES = [
    *credentials._TOKEN_WORDS,
    *credentials._KEY_WORDS,
    *(w.upper() for w in credentials._KEY_WORDS),
    *(w.title() for w in credentials._KEY_WORDS),
    "sk-ant-",
    "SK-",
    "sk_live_",
    "rk_test_",
    "gh",
    "github_pat",
    "xoxb-",
    "ASIA",
    "-----BEGIN RSA PRIVATE KEY-----",
    "-----END RSA PRIVATE KEY-----",
    "aws_secret_access_key",
    "AWS SECRET ACCESS KEY",
    "client_secret",
    "auth_token",
    "access_token",
    "Bearer ",
    "eyJhbGciOiJIUzI1NiJ9.",
    "=",
    ": ",
    ":=",
    "=>",
    '"',
    "'",
    " ",
    "\n",
    "\t",
    "${DB_PASSWORD}",
    "<your-key>",
]
# Whole credentials of every kind: each found alone, each with its group's word.
_WHOLE = [
    "-----BEGIN PRIVATE KEY-----\nMIIBVgIBADANBgkq\n-----END PRIVATE KEY-----",
    "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dBjftJeZ4CVPmB92K27uhbUJU1p1r",
    "sk-ant-api03-Zq8vR2mN4pL7xT9wQ1",
    "sk-Zq8vR2mN4pL7xT9wQ1aBcDeF",
    "sk_live_Zq8vR2mN4pL7xT9w",
    "rk_test_Zq8vR2mN4pL7xT9w",
    "ghp_Zq8vR2mN4pL7xT9wQ1aBcDeFgHiJkLmNoP",
    "ghs_Zq8vR2mN4pL7xT9wQ1aBcDeFgHiJkLmNoP",
    "gho_Zq8vR2mN4pL7xT9wQ1aBcDeFgHiJkLmNoP",
    "ghu_Zq8vR2mN4pL7xT9wQ1aBcDeFgHiJkLmNoP",
    "ghr_Zq8vR2mN4pL7xT9wQ1aBcDeFgHiJkLmNoP",
    "github_pat_Zq8vR2mN4pL7xT9wQ1aB",
    "glpat-Zq8vR2mN4pL7xT9wQ1aB",
    "xoxb-1234567890-Zq8vR2mN",
    "AKIAZQ8VR2MN4PL7XT9W",
    "ASIAZQ8VR2MN4PL7XT9W",
    "aws_secret_access_key = Zq8vR2mN4pL7xT9wQ1aBcDeFgHiJkLmNoPqRsTuV",
    "Authorization: Bearer Zq8vR2mN4pL7xT9wQ1aB",
    *(f"{k}=Zq8vR2mN4pL7xT" for k in credentials._SECRET_KEYS.split("|")),
]
_PIECES += _WHOLE


@settings(max_examples=600, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.sampled_from(_PIECES),
            st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./+", max_size=40),
        ),
        max_size=12,
    )
)
def test_skipping_the_scans_a_text_cannot_match_finds_every_credential_the_scans_find(parts):
    """`_raw_matches` scans a group of patterns only when an ASCII text holds one of the group's
    words; the same matches as every scan run (`_scans`), for every text."""
    text = "".join(parts)
    assert credentials._raw_matches(text) == credentials._scans(text)


def test_every_kind_of_credential_alone_is_still_found():
    for whole in _WHOLE:
        for text in (whole, f"my note: {whole} (rotated)"):
            assert credentials._raw_matches(text) == credentials._scans(text) != [], text


def test_text_outside_ascii_is_always_scanned():
    # re ignores case beyond ASCII: the Kelvin sign matches k, the long s matches s.
    for text in ("api_\u212aey=Zq8vR2mN4pL7xT", "\u017fecret=Zq8vR2mN4pL7xT"):
        assert credentials._raw_matches(text) == credentials._scans(text) != []


def test_the_one_search_for_the_gate_words_says_what_each_word_said():
    """`_raw_matches` asks one search whether an ASCII text holds any token or key word: the same
    answer as each word looked for in turn, for every word anywhere in a text and for near misses."""
    texts = ["", "nothing here at all", "SK-not a key", "Sk-", "eyj", "x://y", "PaSsWoRd=1", "ghp", "gh_p"]
    for word in (*credentials._TOKEN_WORDS, *credentials._KEY_WORDS):
        texts += [word, f"a {word} b", f"{word}tail", f"head{word}", word.upper(), word[:-1], word[1:]]
    for text in texts:
        assert (credentials._HOLDS_TOKEN_WORD.search(text) is not None) == any(
            w in text for w in credentials._TOKEN_WORDS
        ), text
        low = text.lower()
        assert (credentials._HOLDS_KEY_WORD.search(low) is not None) == any(w in low for w in credentials._KEY_WORDS), (
            text
        )


def test_redact_leaves_no_key_a_cut_token_uncovers():
    """Found by the fixpoint property (session 48): a GitHub token running into "sk-sk-..." was cut and left
    "-sk-abc12345client_secret", an OpenAI key by its own pattern, in the stored text."""
    text = "ghp_" + "A1b2" * 7 + "sk-sk-abc12345client_secret"
    once = redact(text)
    assert find_credentials(once) == [] and "abc12345" not in once
    assert redact(once) == once


def test_control_one_pass_redactions_are_unchanged():
    text = "token ghp_" + "A1b2" * 9 + " and words after it"
    assert redact(text) == "token [REDACTED:github_token] and words after it"
