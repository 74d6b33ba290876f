//! A walk over an `ExportTraceServiceRequest`'s wire format that decodes nothing: it counts what
//! decoding would build and finds what it must not try, before anything is built.
//!
//! A repeated field of empty messages costs 2 bytes on the wire and a whole struct decoded (a
//! prost `Span` is ~290 bytes, a upb one more), so the size limit alone does not bound memory. The
//! walk counts spans and items (attributes at any depth, array and key-value list elements,
//! events, links, scopes, resources, entity references) against the request's limits and stops
//! at the first one passed; it keeps only the byte ranges of each resource, scope and span (a few
//! words per span, and spans are capped), so each can be decoded on its own afterwards. It finds
//! the spans refused whole: an attribute value nested past `MAX_NESTING` (also in a resource or a
//! scope, refusing their spans), more events or links than a span may have. Those are refused
//! before any parser sees them, so no parser's own recursion limit (upb's and prost's count
//! messages from the request, 31 key-value lists deep) ever refuses the whole request.
//! Recursion here is bounded: values are not entered past `MAX_NESTING`, groups past `MAX_GROUPS`.

pub const MAX_NESTING: usize = 32;
const MAX_GROUPS: usize = 64;

const VARINT: u8 = 0;
const I64: u8 = 1;
const LEN: u8 = 2;
const START_GROUP: u8 = 3;
const END_GROUP: u8 = 4;
const I32: u8 = 5;

/// The request's limits; past `spans` or `items` the request is refused, past `events` or
/// `links` the span.
#[derive(Clone, Copy)]
pub struct Caps {
    pub spans: usize,
    pub items: usize,
    pub events: usize,
    pub links: usize,
}

/// Why a request is refused whole.
pub enum Refusal {
    /// Past a limit: the message names it and its setting.
    Limit(String),
    /// Not protobuf wire format at all.
    Malformed(String),
}

pub struct SpanPart<'a> {
    pub bytes: &'a [u8],
    /// The reason the span is refused (with its id), if it is.
    pub refused: Option<String>,
}

pub struct ScopePart<'a> {
    /// The ScopeSpans' fields other than its spans, as on the wire.
    pub head: Vec<u8>,
    /// Every span of it is refused (its resource or its scope nests too deep): nothing of it is
    /// decoded.
    pub refused: bool,
    pub spans: Vec<SpanPart<'a>>,
}

pub struct ResourcePart<'a> {
    /// The ResourceSpans' fields other than its scope spans, as on the wire.
    pub head: Vec<u8>,
    /// Every span of it is refused (its resource nests too deep): nothing of it is decoded.
    pub refused: bool,
    pub scopes: Vec<ScopePart<'a>>,
}

pub struct Outline<'a> {
    pub resources: Vec<ResourcePart<'a>>,
    pub spans: usize,
    pub refused: usize,
    /// The most array / key-value list levels nested in what is not refused.
    pub deepest: usize,
}

struct Field<'a> {
    number: u32,
    wire: u8,
    /// A length-delimited field's content, a group's fields, or a scalar's bytes.
    payload: &'a [u8],
    /// The whole field as on the wire, key included.
    raw: &'a [u8],
}

/// The fields of one message, in order.
struct Fields<'a> {
    buf: &'a [u8],
    pos: usize,
}

fn malformed(what: &str) -> Refusal {
    Refusal::Malformed(what.to_owned())
}

impl<'a> Fields<'a> {
    fn new(buf: &'a [u8]) -> Self {
        Fields { buf, pos: 0 }
    }

    fn varint(&mut self) -> Result<u64, Refusal> {
        let mut value = 0u64;
        for i in 0..10 {
            let Some(&byte) = self.buf.get(self.pos) else {
                return Err(malformed("truncated varint"));
            };
            self.pos += 1;
            value |= u64::from(byte & 0x7f) << (7 * i);
            if byte < 0x80 {
                return Ok(value);
            }
        }
        Err(malformed("varint longer than 10 bytes"))
    }

    /// A field's key: a varint of at most five bytes, as upb reads one (a 32-bit tag).
    fn key(&mut self) -> Result<u64, Refusal> {
        let start = self.pos;
        let key = self.varint()?;
        if self.pos - start > 5 {
            return Err(malformed("field key longer than 5 bytes"));
        }
        Ok(key)
    }

    fn take(&mut self, n: u64) -> Result<&'a [u8], Refusal> {
        let end = usize::try_from(n).ok().and_then(|n| self.pos.checked_add(n))
            .filter(|end| *end <= self.buf.len()).ok_or_else(|| malformed("field runs past the end of its message"))?;
        let out = &self.buf[self.pos..end];
        self.pos = end;
        Ok(out)
    }

    /// Skips a group's fields up to its end; returns them.
    fn group(&mut self, number: u32, depth: usize) -> Result<&'a [u8], Refusal> {
        if depth > MAX_GROUPS {
            return Err(malformed("groups nested too deep"));
        }
        let start = self.pos;
        loop {
            let before = self.pos;
            if self.pos >= self.buf.len() {
                return Err(malformed("group without its end"));
            }
            let key = self.key()?;
            let (inner, wire) = split_key(key)?;
            if wire == END_GROUP {
                if inner != number {
                    return Err(malformed("group ends with another field number"));
                }
                return Ok(&self.buf[start..before]);
            }
            self.value(inner, wire, depth + 1)?;
        }
    }

    fn value(&mut self, number: u32, wire: u8, depth: usize) -> Result<&'a [u8], Refusal> {
        match wire {
            VARINT => {
                let start = self.pos;
                self.varint()?;
                Ok(&self.buf[start..self.pos])
            }
            I64 => self.take(8),
            LEN => {
                let n = self.varint()?;
                self.take(n)
            }
            START_GROUP => self.group(number, depth),
            I32 => self.take(4),
            _ => Err(malformed("end of a group that never started")),
        }
    }
}

fn split_key(key: u64) -> Result<(u32, u8), Refusal> {
    let number = u32::try_from(key >> 3).ok().filter(|n| (1..1 << 29).contains(n))
        .ok_or_else(|| malformed("invalid field number"))?;
    let wire = (key & 7) as u8;
    if wire > I32 {
        return Err(malformed("invalid wire type"));
    }
    Ok((number, wire))
}

impl<'a> Iterator for Fields<'a> {
    type Item = Result<Field<'a>, Refusal>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.pos >= self.buf.len() {
            return None;
        }
        let start = self.pos;
        let field = self.key().and_then(split_key).and_then(|(number, wire)| {
            let payload = self.value(number, wire, 0)?;
            Ok(Field { number, wire, payload, raw: &self.buf[start..self.pos] })
        });
        if field.is_err() {
            self.pos = self.buf.len();
        }
        Some(field)
    }
}

/// What a span holds that its limits look at.
#[derive(Default)]
struct SpanCounts {
    events: usize,
    links: usize,
    too_deep: bool,
}

struct Walk {
    caps: Caps,
    spans: usize,
    items: usize,
    deepest: usize,
}

impl Walk {
    fn item(&mut self) -> Result<(), Refusal> {
        self.items += 1;
        if self.items > self.caps.items {
            return Err(Refusal::Limit(format!(
                "the request holds more than {} attributes, array and key-value list elements, events, links, \
                 spans, scopes and resources (collector.max_items_per_request); send it in smaller batches",
                self.caps.items)));
        }
        Ok(())
    }

    /// Attributes (KeyValue, field `number` of the message in `payload`): counted; true when one
    /// nests too deep.
    fn attributes(&mut self, field: &Field, number: u32, too_deep: &mut bool) -> Result<(), Refusal> {
        if field.number == number && field.wire == LEN {
            self.item()?;
            *too_deep |= self.key_value(field.payload, 0)?;
        }
        Ok(())
    }

    fn key_value(&mut self, payload: &[u8], depth: usize) -> Result<bool, Refusal> {
        let mut too_deep = false;
        for field in Fields::new(payload) {
            let field = field?;
            if field.number == 2 && field.wire == LEN {
                too_deep |= self.any_value(field.payload, depth)?;
            }
        }
        Ok(too_deep)
    }

    /// As the decoders judge a value (`depth` is its nesting): past `MAX_NESTING` only a string,
    /// a number or a bool may stand. A container met there on the wire is too deep even when a
    /// later field replaces it, since the parsers would decode it anyway.
    fn any_value(&mut self, payload: &[u8], depth: usize) -> Result<bool, Refusal> {
        let mut too_deep = false;
        let mut last = 0; // the oneof's last field, as the parsers keep it
        for field in Fields::new(payload) {
            let field = field?;
            match (field.number, field.wire) {
                (5 | 6, LEN) => {
                    last = field.number;
                    if depth >= MAX_NESTING {
                        too_deep = true;
                        continue;
                    }
                    self.deepest = self.deepest.max(depth + 1);
                    for element in Fields::new(field.payload) {
                        let element = element?;
                        if element.number == 1 && element.wire == LEN {
                            self.item()?;
                            too_deep |= if field.number == 5 {
                                self.any_value(element.payload, depth + 1)?
                            } else {
                                self.key_value(element.payload, depth + 1)?
                            };
                        }
                    }
                }
                (1 | 7, LEN) | (2 | 3 | 8, VARINT) | (4, I64) => last = field.number,
                _ => {}
            }
        }
        Ok(too_deep || (depth >= MAX_NESTING && !matches!(last, 1..=4)))
    }

    /// A Resource or an InstrumentationScope (attributes in field `attributes`): true when an
    /// attribute nests too deep.
    fn holder(&mut self, payload: &[u8], attributes: u32) -> Result<bool, Refusal> {
        let mut too_deep = false;
        for field in Fields::new(payload) {
            let field = field?;
            self.attributes(&field, attributes, &mut too_deep)?;
            if attributes == 1 && field.number == 3 && field.wire == LEN {
                self.entity_ref(field.payload)?;
            }
        }
        Ok(too_deep)
    }

    fn entity_ref(&mut self, payload: &[u8]) -> Result<(), Refusal> {
        self.item()?;
        for field in Fields::new(payload) {
            let field = field?;
            if matches!(field.number, 3 | 4) && field.wire == LEN {
                self.item()?;
            }
        }
        Ok(())
    }

    fn resource_spans<'a>(&mut self, payload: &'a [u8]) -> Result<ResourcePart<'a>, Refusal> {
        let mut part = ResourcePart { head: Vec::new(), refused: false, scopes: Vec::new() };
        for field in Fields::new(payload) {
            let field = field?;
            match (field.number, field.wire) {
                (2, LEN) => {
                    self.item()?;
                    part.scopes.push(self.scope_spans(field.payload)?);
                }
                (1, LEN) => {
                    part.refused |= self.holder(field.payload, 1)?;
                    part.head.extend_from_slice(field.raw);
                }
                _ => part.head.extend_from_slice(field.raw),
            }
        }
        for scope in &mut part.scopes {
            scope.refused |= part.refused;
            if scope.refused {
                let whose = if part.refused { "resource" } else { "scope" };
                for span in &mut scope.spans {
                    let id = span_id(span.bytes);
                    span.refused = Some(format!("span {id}: {whose} attribute value nested deeper than {MAX_NESTING} levels"));
                }
            }
        }
        Ok(part)
    }

    fn scope_spans<'a>(&mut self, payload: &'a [u8]) -> Result<ScopePart<'a>, Refusal> {
        let mut part = ScopePart { head: Vec::new(), refused: false, spans: Vec::new() };
        for field in Fields::new(payload) {
            let field = field?;
            match (field.number, field.wire) {
                (2, LEN) => {
                    self.spans += 1;
                    if self.spans > self.caps.spans {
                        return Err(Refusal::Limit(format!(
                            "the request holds more than {} spans (collector.max_spans_per_request); \
                             send it in smaller batches", self.caps.spans)));
                    }
                    self.item()?;
                    let counts = self.span(field.payload)?;
                    part.spans.push(SpanPart { bytes: field.payload, refused: self.verdict(field.payload, &counts) });
                }
                (1, LEN) => {
                    part.refused |= self.holder(field.payload, 3)?;
                    part.head.extend_from_slice(field.raw);
                }
                _ => part.head.extend_from_slice(field.raw),
            }
        }
        Ok(part)
    }

    fn span(&mut self, payload: &[u8]) -> Result<SpanCounts, Refusal> {
        let mut counts = SpanCounts::default();
        for field in Fields::new(payload) {
            let field = field?;
            self.attributes(&field, 9, &mut counts.too_deep)?;
            match (field.number, field.wire) {
                (11, LEN) => {
                    self.item()?;
                    counts.events += 1;
                    for inner in Fields::new(field.payload) {
                        self.attributes(&inner?, 3, &mut counts.too_deep)?;
                    }
                }
                (13, LEN) => {
                    self.item()?;
                    counts.links += 1;
                    for inner in Fields::new(field.payload) {
                        self.attributes(&inner?, 4, &mut counts.too_deep)?;
                    }
                }
                _ => {}
            }
        }
        Ok(counts)
    }

    fn verdict(&self, span: &[u8], counts: &SpanCounts) -> Option<String> {
        let why = if counts.too_deep {
            format!("attribute value nested deeper than {MAX_NESTING} levels")
        } else if counts.events > self.caps.events {
            format!("{} events, past the limit of {} (collector.max_events_per_span)", counts.events, self.caps.events)
        } else if counts.links > self.caps.links {
            format!("{} links, past the limit of {} (collector.max_links_per_span)", counts.links, self.caps.links)
        } else {
            return None;
        };
        Some(format!("span {}: {why}", span_id(span)))
    }
}

/// A span's id as the decoders show it: hex, "?" when empty (the last one sent, as parsers keep it).
pub fn span_id(span: &[u8]) -> String {
    let mut id: &[u8] = &[];
    for field in Fields::new(span).map_while(Result::ok) {
        if field.number == 2 && field.wire == LEN {
            id = field.payload;
        }
    }
    if id.is_empty() {
        return "?".to_owned();
    }
    id.iter().map(|b| format!("{b:02x}")).collect()
}

/// The request's outline, or why it is refused whole.
pub fn outline(body: &[u8], caps: Caps) -> Result<Outline<'_>, Refusal> {
    let mut walk = Walk { caps, spans: 0, items: 0, deepest: 0 };
    let mut resources = Vec::new();
    for field in Fields::new(body) {
        let field = field?;
        if field.number == 1 && field.wire == LEN {
            walk.item()?;
            resources.push(walk.resource_spans(field.payload)?);
        }
    }
    let refused = resources.iter().flat_map(|r| &r.scopes).flat_map(|s| &s.spans).filter(|s| s.refused.is_some()).count();
    Ok(Outline { resources, spans: walk.spans, refused, deepest: walk.deepest })
}
