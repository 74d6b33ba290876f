"""`otlp_columns.outline` in Python, for a machine where the Rust decoder was not built.

The same walk as native/src/wire.rs over an ExportTraceServiceRequest's wire format, decoding
nothing: spans and items (attributes at any depth, array and key-value list elements, events,
links, scopes, resources, entity references) are counted against the request's limits, the walk
stops at the first one passed (`TooLarge`), and the spans to refuse whole are found (an
attribute value nested past `MAX_NESTING`, also in their resource or scope; more events or links
than a span may have). Its cost is bounded by the limits, not by the body. The result is the Rust
function's, value for value (tests/fuzz/test_wire_outline.py holds the two together):
`(refused, parts)` where `refused` lists `(position of the span in the request, reason)` and
`parts` is None when upb may parse the body whole, else `[(resource spans' head, [(scope spans'
head, [(start, end) of each span in the body])])]` without the refused ones.

Positions are offsets into the body (no slice is copied while walking); the hot loops read
bytes by index with the common one-byte varint inline.
"""
from __future__ import annotations

MAX_NESTING = 32
_MAX_GROUPS = 64
_VARINT, _I64, _LEN, _START_GROUP, _END_GROUP, _I32 = range(6)
_U64 = (1 << 64) - 1


class TooLarge(ValueError):
    """The request is past a limit; the message names it."""


class Malformed(ValueError):
    """The body is not protobuf wire format."""


def _varint(buf: bytes, pos: int, end: int) -> tuple[int, int]:
    """(value, position after it) of the varint at `pos`, within a message ending at `end`."""
    value = shift = 0
    for _ in range(10):
        if pos >= end:
            raise Malformed("truncated varint")
        byte = buf[pos]
        pos += 1
        value |= (byte & 0x7F) << shift
        if byte < 0x80:
            return value & _U64, pos
        shift += 7
    raise Malformed("varint longer than 10 bytes")


def _field(buf: bytes, pos: int, end: int) -> tuple[int, int, int, int, int]:
    """The field at `pos` (< `end`): (number, wire type, payload start, payload end, position after).
    A group's payload is its fields, parsed (and so checked) on the way."""
    key = buf[pos]
    pos += 1
    if key > 0x7F:
        start = pos - 1
        key, pos = _varint(buf, start, end)
        if pos - start > 5:  # a 32-bit tag, as upb reads one
            raise Malformed("field key longer than 5 bytes")
    number, wire = key >> 3, key & 7
    if not 0 < number < 1 << 29:
        raise Malformed("invalid field number")
    if wire == _LEN:
        if pos >= end:
            raise Malformed("truncated varint")
        n = buf[pos]
        pos += 1
        if n > 0x7F:
            n, pos = _varint(buf, pos - 1, end)
        start, pos = pos, pos + n
        if pos > end:
            raise Malformed("field runs past the end of its message")
        return number, wire, start, pos, pos
    return (number, wire, *_scalar_or_group(buf, pos, end, number, wire, 0))


def _scalar_or_group(buf: bytes, pos: int, end: int, number: int, wire: int, depth: int) -> tuple[int, int, int]:
    """(payload start, payload end, position after) of a field other than length-delimited."""
    if wire == _VARINT:
        after = _varint(buf, pos, end)[1]
        return pos, after, after
    if wire in (_I64, _I32):
        after = pos + (8 if wire == _I64 else 4)
        if after > end:
            raise Malformed("field runs past the end of its message")
        return pos, after, after
    if wire == _START_GROUP:
        return (pos, *_group(buf, pos, end, number, depth))
    if wire == _END_GROUP:
        raise Malformed("end of a group that never started")
    raise Malformed("invalid wire type")


def _group(buf: bytes, pos: int, end: int, number: int, depth: int) -> tuple[int, int]:
    """(end of the group's fields, position after its end key)."""
    if depth > _MAX_GROUPS:
        raise Malformed("groups nested too deep")
    while True:
        before = pos
        if pos >= end:
            raise Malformed("group without its end")
        key, pos = _varint(buf, pos, end)
        if pos - before > 5:
            raise Malformed("field key longer than 5 bytes")
        inner, wire = key >> 3, key & 7
        if not 0 < inner < 1 << 29:
            raise Malformed("invalid field number")
        if wire > _I32:
            raise Malformed("invalid wire type")
        if wire == _END_GROUP:
            if inner != number:
                raise Malformed("group ends with another field number")
            return before, pos
        if wire == _LEN:
            n, pos = _varint(buf, pos, end)
            pos += n
            if pos > end:
                raise Malformed("field runs past the end of its message")
        else:
            pos = _scalar_or_group(buf, pos, end, inner, wire, depth + 1)[2]


def _plain_attribute(buf: bytes, pos: int, end: int) -> bool:
    """True when the KeyValue at pos..end is a key and a string, bytes, number or bool, each one
    well-formed field (most attributes): at the top level nothing in it is counted or too deep,
    so the walk's answer is known without reading it field by field (False: read it so)."""
    if end - pos < 2:
        return False
    if buf[pos] == 0x0A:  # the key
        n = buf[pos + 1]
        if n > 0x7F:
            return False
        pos += 2 + n
        if end - pos < 2:
            return False
    if buf[pos] != 0x12:  # the value
        return False
    pos = _filling(buf, pos + 1, end)
    if pos < 0 or end - pos < 2:
        return False
    kind = buf[pos]
    if kind == 0x0A or kind == 0x3A:  # string, bytes
        return _filling(buf, pos + 1, end) >= 0
    if kind == 0x21:  # double
        return end - pos == 9
    if kind == 0x10 or kind == 0x18:  # bool, int
        return 2 <= end - pos <= 11 and buf[end - 1] < 0x80 and (end - pos == 2 or min(buf[pos + 1:end - 1]) > 0x7F)
    return False


def _filling(buf: bytes, pos: int, end: int) -> int:
    """Where the payload starts when the length of one or two bytes at `pos` (< `end`) says its
    field ends at `end`; else -1."""
    n = buf[pos]
    if n < 0x80:
        pos += 1
    elif pos + 1 < end and buf[pos + 1] < 0x80:
        n, pos = n & 0x7F | buf[pos + 1] << 7, pos + 2
    else:
        return -1
    return pos if pos + n == end else -1


class _Span:
    __slots__ = ("start", "end", "refused")

    def __init__(self, start: int, end: int, refused: str | None):
        self.start, self.end, self.refused = start, end, refused


class _Part:
    """A ResourceSpans or ScopeSpans: its other fields' ranges (the head), whether all its spans
    are refused, and what it holds (scopes or spans)."""
    __slots__ = ("head", "refused", "inner")

    def __init__(self):
        self.head: list[tuple[int, int]] = []
        self.refused = False
        self.inner: list = []


class _Walk:
    __slots__ = ("buf", "max_spans", "max_items", "max_events", "max_links", "spans", "items", "deepest")

    def __init__(self, buf: bytes, max_spans: int, max_items: int, max_events: int, max_links: int):
        self.buf = buf
        self.max_spans, self.max_items, self.max_events, self.max_links = max_spans, max_items, max_events, max_links
        self.spans = self.items = self.deepest = 0

    def item(self) -> None:
        self.items += 1
        if self.items > self.max_items:
            raise self.too_many_items()

    def too_many_items(self) -> TooLarge:
        return TooLarge(f"the request holds more than {self.max_items} attributes, array and key-value list "
                        "elements, events, links, spans, scopes and resources (collector.max_items_per_request); "
                        "send it in smaller batches")

    def attributes(self, pos: int, end: int, number: int, entity_refs: bool = False) -> bool:
        """The KeyValues in field `number` of the message at pos..end (an event, a link, a scope, a
        resource with its `entity_refs` in field 3): counted; true when one nests too deep."""
        buf, too_deep = self.buf, False
        while pos < end:
            n, wire, start, stop, pos = _field(buf, pos, end)
            if n == number and wire == _LEN:
                self.item()
                too_deep |= self.key_value(start, stop, 0)
            elif entity_refs and n == 3 and wire == _LEN:
                self.entity_ref(start, stop)
        return too_deep

    def key_value(self, pos: int, end: int, depth: int) -> bool:
        buf, too_deep = self.buf, False
        while pos < end:
            number, wire, start, stop, pos = _field(buf, pos, end)
            if number == 2 and wire == _LEN:
                too_deep |= self.any_value(start, stop, depth)
        return too_deep

    def any_value(self, pos: int, end: int, depth: int) -> bool:
        """As the decoders judge a value (`depth` is its nesting): past `MAX_NESTING` only a
        string, a number or a bool may stand. A container met there is too deep even when a later
        field replaces it, since the parsers would decode it anyway."""
        buf, too_deep, last = self.buf, False, 0  # the oneof's last field, as the parsers keep it
        while pos < end:
            number, wire, start, stop, pos = _field(buf, pos, end)
            if wire == _LEN and number in (5, 6):
                last = number
                if depth >= MAX_NESTING:
                    too_deep = True
                    continue
                if depth + 1 > self.deepest:
                    self.deepest = depth + 1
                while start < stop:
                    element, element_wire, inner, inner_end, start = _field(buf, start, stop)
                    if element == 1 and element_wire == _LEN:
                        self.item()
                        too_deep |= (self.any_value if number == 5 else self.key_value)(inner, inner_end, depth + 1)
            elif (wire == _LEN and number in (1, 7)) or (wire == _VARINT and number in (2, 3, 8)) \
                    or (wire == _I64 and number == 4):
                last = number
        return too_deep or (depth >= MAX_NESTING and not 1 <= last <= 4)

    def entity_ref(self, pos: int, end: int) -> None:
        self.item()
        while pos < end:
            number, wire, _, _, pos = _field(self.buf, pos, end)
            if number in (3, 4) and wire == _LEN:
                self.item()

    def resource_spans(self, pos: int, end: int) -> _Part:
        buf, part = self.buf, _Part()
        while pos < end:
            field_start = pos
            number, wire, start, stop, pos = _field(buf, pos, end)
            if number == 2 and wire == _LEN:
                self.item()
                part.inner.append(self.scope_spans(start, stop))
                continue
            if number == 1 and wire == _LEN:
                part.refused |= self.attributes(start, stop, 1, entity_refs=True)
            part.head.append((field_start, pos))
        for scope in part.inner:
            scope.refused |= part.refused
            if scope.refused:
                whose = "resource" if part.refused else "scope"
                for span in scope.inner:
                    span.refused = (f"span {span_id(buf, span.start, span.end)}: {whose} attribute value nested "
                                    f"deeper than {MAX_NESTING} levels")
        return part

    def scope_spans(self, pos: int, end: int) -> _Part:
        buf, part = self.buf, _Part()
        while pos < end:
            field_start = pos
            number, wire, start, stop, pos = _field(buf, pos, end)
            if number == 2 and wire == _LEN:
                self.spans += 1
                if self.spans > self.max_spans:
                    raise TooLarge(f"the request holds more than {self.max_spans} spans "
                                   "(collector.max_spans_per_request); send it in smaller batches")
                self.item()
                part.inner.append(_Span(start, stop, self.span(start, stop)))
                continue
            if number == 1 and wire == _LEN:
                part.refused |= self.attributes(start, stop, 3)
            part.head.append((field_start, pos))
        return part

    def span(self, pos: int, end: int) -> str | None:
        """Why the span at pos..end is refused whole, if it is."""
        buf, first = self.buf, pos
        events = links = 0
        too_deep = False
        while pos < end:
            key = buf[pos]
            if key & 7 == _LEN and 8 <= key < 0x80 and end - pos > 3 and buf[pos + 2] < 0x80:
                n, start = buf[pos + 1], pos + 2  # read here, not by _field: a one- or two-byte length
                if n > 0x7F:
                    n, start = n & 0x7F | buf[start] << 7, start + 1
                pos = stop = start + n
                if stop > end:
                    raise Malformed("field runs past the end of its message")
                number = key >> 3
            else:
                number, wire, start, stop, pos = _field(buf, pos, end)
                if wire != _LEN:
                    continue
            if number == 9:
                self.items += 1  # self.item(), without a call: most items are a span's attributes
                if self.items > self.max_items:
                    raise self.too_many_items()
                if not _plain_attribute(buf, start, stop):
                    too_deep |= self.key_value(start, stop, 0)
            elif number == 11:
                self.item()
                events += 1
                too_deep |= self.attributes(start, stop, 3)
            elif number == 13:
                self.item()
                links += 1
                too_deep |= self.attributes(start, stop, 4)
        if too_deep:
            why = f"attribute value nested deeper than {MAX_NESTING} levels"
        elif events > self.max_events:
            why = f"{events} events, past the limit of {self.max_events} (collector.max_events_per_span)"
        elif links > self.max_links:
            why = f"{links} links, past the limit of {self.max_links} (collector.max_links_per_span)"
        else:
            return None
        return f"span {span_id(buf, first, end)}: {why}"


def span_id(buf: bytes, pos: int, end: int) -> str:
    """A span's id as the decoders show it: hex, "?" when empty (the last one sent, as parsers keep it)."""
    found = b""
    try:
        while pos < end:
            number, wire, start, stop, pos = _field(buf, pos, end)
            if number == 2 and wire == _LEN:
                found = buf[start:stop]
    except Malformed:
        pass
    return bytes(found).hex() or "?"


def outline(body: bytes, max_spans: int, max_items: int, max_events: int,
            max_links: int) -> tuple[list[tuple[int, str]], list | None]:
    """The request's outline as `otlp_columns.outline` gives it (see the module's docstring);
    raises TooLarge or Malformed for a request refused whole."""
    walk = _Walk(body, max_spans, max_items, max_events, max_links)
    resources, pos, end = [], 0, len(body)
    while pos < end:
        number, wire, start, stop, pos = _field(body, pos, end)
        if number == 1 and wire == _LEN:
            walk.item()
            resources.append(walk.resource_spans(start, stop))
    spans = [span for resource in resources for scope in resource.inner for span in scope.inner]
    refused = [(position, span.refused) for position, span in enumerate(spans) if span.refused is not None]
    # upb counts messages from the request: 7 + 3 per key-value list level must stay within 100.
    if not refused and walk.deepest <= 30:
        return refused, None
    view = memoryview(body)
    return refused, [
        (_joined(view, resource.head), [
            (_joined(view, scope.head), [(span.start, span.end) for span in scope.inner if span.refused is None])
            for scope in resource.inner if not scope.refused])
        for resource in resources if not resource.refused]


def _joined(view: memoryview, ranges: list[tuple[int, int]]) -> bytes:
    return b"".join(view[start:end] for start, end in ranges)
