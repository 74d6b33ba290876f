//! OTLP `ExportTraceServiceRequest` bytes to tracepatrol's span columns, as Arrow buffers.
//!
//! The same rows `collector.decoding.otlp.to_batch` makes (same checks, limits, rejection messages and
//! attribute JSON), without a Python object per value and without the GIL: decoding was most of
//! the receiving thread's time, and the GIL it held slowed the DuckDB writer beside it. Anything
//! this decoder does not take (a body prost refuses, columns past Arrow's 2 GiB, a panic) comes
//! back as `None`, and the Python decoder decides: its errors stay the ones senders see.

use base64::Engine;
use opentelemetry_proto::tonic::common::v1::{any_value::Value, AnyValue, KeyValue};
use opentelemetry_proto::tonic::trace::v1::{ResourceSpans, ScopeSpans, Span};
use wire::{Caps, Refusal, MAX_NESTING};
use prost::Message;
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyTuple};
use std::collections::HashMap;
use std::fmt::Write as _;

mod wire;

create_exception!(otlp_columns, TooLarge, PyValueError, "The request is past a limit; the message names it.");
create_exception!(otlp_columns, Malformed, PyValueError, "The body is not protobuf wire format.");
const ERRORS_KEPT: usize = 5;
const MAX_ENUM: i32 = 127;
const MAX_NS: u64 = i64::MAX as u64;
const TRUNCATED_ATTRIBUTE: &str = "tracepatrol.truncated";

/// A string column: Arrow's validity bitmap, i32 offsets and UTF-8 data.
#[derive(Default)]
struct Strings {
    offsets: Vec<i32>,
    data: Vec<u8>,
    valid: Vec<u8>,
    nulls: usize,
}

impl Strings {
    fn new(rows: usize) -> Self {
        let mut offsets = Vec::with_capacity(rows + 1);
        offsets.push(0);
        Strings { offsets, data: Vec::new(), valid: Vec::with_capacity(rows / 8 + 1), nulls: 0 }
    }

    fn mark(&mut self, valid: bool) {
        let row = self.offsets.len() - 1;
        if row % 8 == 0 {
            self.valid.push(0);
        }
        if valid {
            *self.valid.last_mut().unwrap() |= 1 << (row % 8);
        } else {
            self.nulls += 1;
        }
    }

    /// False once the data no longer fits i32 offsets (the caller gives the batch up).
    fn push(&mut self, value: Option<&[u8]>) -> bool {
        self.mark(value.is_some());
        if let Some(bytes) = value {
            self.data.extend_from_slice(bytes);
        }
        match i32::try_from(self.data.len()) {
            Ok(end) => {
                self.offsets.push(end);
                true
            }
            Err(_) => false,
        }
    }
}

#[derive(Default)]
struct Columns {
    trace_id: Strings,
    span_id: Strings,
    parent_span_id: Strings,
    name: Strings,
    kind: Vec<i8>,
    start_ns: Vec<i64>,
    end_ns: Vec<i64>,
    status_code: Vec<i8>,
    status_message: Strings,
    attributes: Strings,
    events: Strings,
    links: Strings,
    trace_state: Strings,
    flags: Vec<i64>,
    rows: usize,
}

struct Decoded {
    columns: Columns,
    rejected: usize,
    errors: Vec<String>,
    truncated: u64,
}

impl Decoded {
    fn reject(&mut self, reason: String) {
        self.rejected += 1;
        if self.errors.len() < ERRORS_KEPT {
            self.errors.push(reason);
        }
    }
}

/// An attribute value nested past `MAX_NESTING`: its span (for a resource, every span of it) is rejected.
struct TooDeep;

/// AnyValue/KeyValue to JSON within the limits, written as orjson writes the Python decoder's
/// dicts (insertion order; a repeated key keeps its first place and its last value).
struct Converter {
    max_length: usize,
    max_attributes: usize,
    truncated: u64,
}

impl Converter {
    fn text<'a>(&mut self, s: &'a str) -> &'a str {
        // Python cuts at `max_length` code points; bytes never undercount them.
        if s.len() > self.max_length {
            if let Some((cut, _)) = s.char_indices().nth(self.max_length) {
                self.truncated += 1;
                return &s[..cut];
            }
        }
        s
    }

    /// A key-value list as a JSON object; with `open`, the closing brace is left to the caller
    /// and the byte range of the `open` key's value is returned (so it can be replaced).
    fn object(&mut self, kvs: &[KeyValue], depth: usize, limit: bool, out: &mut Vec<u8>,
              open: Option<&str>) -> Result<Option<(usize, usize)>, TooDeep> {
        let kvs = if limit && kvs.len() > self.max_attributes {
            self.truncated += (kvs.len() - self.max_attributes) as u64;
            &kvs[..self.max_attributes]
        } else {
            kvs
        };
        let mut span = None;
        out.push(b'{');
        match unique_keys(kvs) {
            None => {
                for (i, kv) in kvs.iter().enumerate() {
                    if i > 0 {
                        out.push(b',');
                    }
                    json_str(out, &kv.key);
                    out.push(b':');
                    let start = out.len();
                    self.value(kv.value.as_ref(), depth, out)?;
                    if open == Some(kv.key.as_str()) {
                        span = Some((start, out.len()));
                    }
                }
            }
            Some(order) => {
                // Every value is converted in turn, as Python does (its cuts count, its depth
                // may reject), and the last one of each key is kept.
                let mut values = Vec::with_capacity(kvs.len());
                for kv in kvs {
                    let mut value = Vec::new();
                    self.value(kv.value.as_ref(), depth, &mut value)?;
                    values.push(value);
                }
                for (i, (key, last)) in order.into_iter().enumerate() {
                    if i > 0 {
                        out.push(b',');
                    }
                    json_str(out, key);
                    out.push(b':');
                    let start = out.len();
                    out.extend_from_slice(&values[last]);
                    if open == Some(key) {
                        span = Some((start, out.len()));
                    }
                }
            }
        }
        if open.is_none() {
            out.push(b'}');
        }
        Ok(span)
    }

    fn value(&mut self, v: Option<&AnyValue>, depth: usize, out: &mut Vec<u8>) -> Result<(), TooDeep> {
        match v.and_then(|v| v.value.as_ref()) {
            Some(Value::StringValue(s)) => {
                let s = self.text(s);
                json_str(out, s);
            }
            Some(Value::IntValue(i)) => {
                let _ = write!(Bytes(out), "{i}");
            }
            Some(Value::DoubleValue(d)) => {
                if d.is_finite() {
                    serde_json::to_writer(&mut *out, d).expect("a finite double");
                } else {
                    json_str(out, if d.is_nan() { "nan" } else if *d > 0.0 { "inf" } else { "-inf" });
                }
            }
            Some(Value::BoolValue(b)) => out.extend_from_slice(if *b { b"true" } else { b"false" }),
            _ if depth >= MAX_NESTING => return Err(TooDeep),
            Some(Value::ArrayValue(a)) => {
                out.push(b'[');
                for (i, x) in a.values.iter().enumerate() {
                    if i > 0 {
                        out.push(b',');
                    }
                    self.value(Some(x), depth + 1, out)?;
                }
                out.push(b']');
            }
            Some(Value::KvlistValue(kv)) => {
                self.object(&kv.values, depth + 1, false, out, None)?;
            }
            Some(Value::BytesValue(b)) => {
                let keep = self.max_length / 4 * 3; // its base64 fits the length limit
                let b = if b.len() > keep {
                    self.truncated += 1;
                    &b[..keep]
                } else {
                    &b[..]
                };
                out.push(b'"');
                let mut encoded = String::new();
                base64::engine::general_purpose::STANDARD.encode_string(b, &mut encoded);
                out.extend_from_slice(encoded.as_bytes());
                out.push(b'"');
            }
            None => out.extend_from_slice(b"null"),
        }
        Ok(())
    }
}

/// None when every key is unique (nearly always); else each key once, in first-seen order, with
/// the index of its last value.
fn unique_keys(kvs: &[KeyValue]) -> Option<Vec<(&str, usize)>> {
    if kvs.len() < 2 {
        return None;
    }
    if kvs.len() <= 16 && !kvs.iter().enumerate().any(|(i, kv)| kvs[..i].iter().any(|k| k.key == kv.key)) {
        return None; // a few keys: comparing them is cheaper than hashing them
    }
    let mut seen: HashMap<&str, usize> = HashMap::with_capacity(kvs.len());
    let mut repeated = false;
    for (i, kv) in kvs.iter().enumerate() {
        repeated |= seen.insert(kv.key.as_str(), i).is_some();
    }
    if !repeated {
        return None;
    }
    let mut order = Vec::with_capacity(seen.len());
    for kv in kvs {
        if let Some(last) = seen.remove(kv.key.as_str()) {
            order.push((kv.key.as_str(), last));
        }
    }
    Some(order)
}

struct Bytes<'a>(&'a mut Vec<u8>);

impl std::fmt::Write for Bytes<'_> {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.0.extend_from_slice(s.as_bytes());
        Ok(())
    }
}

/// A JSON string: copied whole when nothing in it needs escaping (nearly always; serde_json's
/// byte-by-byte escaper was a fifth of the decoder's time), else escaped by serde_json.
fn json_str(out: &mut Vec<u8>, s: &str) {
    if s.bytes().all(|b| b >= 0x20 && b != b'"' && b != b'\\') {
        out.reserve(s.len() + 2);
        out.push(b'"');
        out.extend_from_slice(s.as_bytes());
        out.push(b'"');
    } else {
        serde_json::to_writer(&mut *out, s).expect("writing to a Vec");
    }
}

fn hex_into(out: &mut Vec<u8>, bytes: &[u8]) {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    for b in bytes {
        out.push(DIGITS[(b >> 4) as usize]);
        out.push(DIGITS[(b & 15) as usize]);
    }
}

fn hex(bytes: &[u8]) -> String {
    let mut out = Vec::with_capacity(bytes.len() * 2);
    hex_into(&mut out, bytes);
    String::from_utf8(out).expect("hex digits")
}

fn non_empty(s: &str) -> Option<&[u8]> {
    (!s.is_empty()).then_some(s.as_bytes())
}

/// A span's attributes, events and links as JSON (None: rejected, the reason recorded).
struct SpanJson {
    attributes: Vec<u8>,
    events: Vec<u8>,
    links: Vec<u8>,
}

/// A JSON array of `items`, each written by `write`; empty (a null column value) for none.
fn json_array<T>(items: &[T], mut write: impl FnMut(&T, &mut Vec<u8>) -> Result<(), TooDeep>) -> Result<Vec<u8>, TooDeep> {
    let mut out = Vec::new();
    if items.is_empty() {
        return Ok(out);
    }
    out.push(b'[');
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        write(item, &mut out)?;
    }
    out.push(b']');
    Ok(out)
}

fn span_json(conv: &mut Converter, span: &Span, status_message: &mut String) -> Result<SpanJson, TooDeep> {
    let before = conv.truncated;
    let mut attributes = Vec::with_capacity(1024);
    let marker = conv.object(&span.attributes, 0, true, &mut attributes, Some(TRUNCATED_ATTRIBUTE))?;
    let events = json_array(&span.events, |e, out| {
        out.extend_from_slice(b"{\"name\":");
        json_str(out, &e.name);
        let _ = write!(Bytes(out), ",\"time_unix_nano\":{},\"attributes\":", e.time_unix_nano);
        conv.object(&e.attributes, 0, true, out, None)?;
        out.push(b'}');
        Ok(())
    })?;
    let links = json_array(&span.links, |l, out| {
        out.extend_from_slice(b"{\"trace_id\":\"");
        hex_into(out, &l.trace_id);
        out.extend_from_slice(b"\",\"span_id\":\"");
        hex_into(out, &l.span_id);
        out.extend_from_slice(b"\",\"attributes\":");
        conv.object(&l.attributes, 0, true, out, None)?;
        out.push(b'}');
        Ok(())
    })?;
    if let Some(status) = &span.status {
        if !status.message.is_empty() {
            *status_message = conv.text(&status.message).to_owned();
        }
    }
    let cut = conv.truncated - before;
    if cut > 0 {
        // Recorded on the span, never silent: in place of a sent value of that key, or last.
        let count = cut.to_string();
        match marker {
            Some((start, end)) => {
                attributes.splice(start..end, count.bytes());
            }
            None => {
                if attributes.len() > 1 {
                    attributes.push(b',');
                }
                json_str(&mut attributes, TRUNCATED_ATTRIBUTE);
                attributes.push(b':');
                attributes.extend_from_slice(count.as_bytes());
            }
        }
    }
    attributes.push(b'}');
    Ok(SpanJson { attributes, events, links })
}

/// A request refused whole (its message names the limit, or the flaw), or what is not decoded
/// here: prost refused a part the Python decoder (upb) may take, so it decides.
enum Outcome {
    Refused(Refusal),
    Undecided,
}

impl From<Refusal> for Outcome {
    fn from(refusal: Refusal) -> Self {
        Outcome::Refused(refusal)
    }
}

/// Each resource and scope once per request (a row keeps its index): one resource of 512 KiB
/// with 17,000 tiny spans no longer takes 8.9 GB.
#[derive(Default)]
struct Origins {
    resources: Vec<(Vec<u8>, Option<String>)>,
    scopes: Vec<(String, Option<String>)>,
    resource_index: Vec<i32>,
    scope_index: Vec<i32>,
}

fn too_large() -> Outcome {
    Outcome::Refused(Refusal::Limit("the request's spans decode to more than a column holds (2 GiB): send it in \
                                     smaller batches (collector.max_request_bytes)".to_owned()))
}

/// The request's spans, decoded one at a time from their bytes after the outline allowed them.
fn decode(body: &[u8], received_ns: i64, max_length: usize, max_attributes: usize, caps: Caps)
          -> Result<(Decoded, Origins, i64), Outcome> {
    let outline = wire::outline(body, caps)?;
    let rows = outline.spans - outline.refused;
    let mut cols = Columns {
        trace_id: Strings::new(rows), span_id: Strings::new(rows), parent_span_id: Strings::new(rows), name: Strings::new(rows), status_message: Strings::new(rows),
        attributes: Strings::new(rows), events: Strings::new(rows), links: Strings::new(rows),
        trace_state: Strings::new(rows), ..Default::default()
    };
    let mut origins = Origins::default();
    let mut out = Decoded { columns: Columns::default(), rejected: 0, errors: Vec::new(), truncated: 0 };
    let mut conv = Converter { max_length, max_attributes, truncated: 0 };
    for part in &outline.resources {
        let rs = if part.refused { None } else {
            Some(ResourceSpans::decode(&part.head[..]).map_err(|_| Outcome::Undecided)?)
        };
        let resource_attrs = rs.as_ref().and_then(|rs| rs.resource.as_ref()).map_or(&[][..], |r| &r.attributes[..]);
        let mut resource = Vec::with_capacity(256);
        if rs.is_some() && conv.object(resource_attrs, 0, true, &mut resource, None).is_err() {
            return Err(Outcome::Undecided); // the outline refuses what nests too deep: never here
        }
        if rs.is_some() {
            let service = service_name(resource_attrs, max_attributes, &mut Converter { max_length, max_attributes, truncated: 0 });
            origins.resources.push((resource, service));
        }
        let resource_index = origins.resources.len() as i32 - 1;
        for scope_part in &part.scopes {
            if !scope_part.refused {
                let ss = ScopeSpans::decode(&scope_part.head[..]).map_err(|_| Outcome::Undecided)?;
                let (name, version) = ss.scope.map_or((String::new(), String::new()), |s| (s.name, s.version));
                let (name, version) = (conv.text(&name).to_owned(), conv.text(&version).to_owned());
                origins.scopes.push((name, (!version.is_empty()).then_some(version)));
            }
            let scope_index = origins.scopes.len() as i32 - 1;
            for span_part in &scope_part.spans {
                if let Some(reason) = &span_part.refused {
                    out.reject(reason.clone());
                    continue;
                }
                let span = Span::decode(span_part.bytes).map_err(|_| Outcome::Undecided)?;
                if let Some(reason) = check(&span) {
                    out.reject(reason);
                    continue;
                }
                let mut status_message = String::new();
                let json = match span_json(&mut conv, &span, &mut status_message) {
                    Ok(json) => json,
                    Err(TooDeep) => return Err(Outcome::Undecided), // refused by the outline: never here
                };
                let (tid, sid, pid) = (&span.trace_id, &span.span_id, &span.parent_span_id);
                let (mut trace, mut span_id, mut parent) = (Vec::with_capacity(32), Vec::with_capacity(16), Vec::new());
                hex_into(&mut trace, tid);
                hex_into(&mut span_id, sid);
                let has_parent = !pid.is_empty() && pid.iter().any(|b| *b != 0);
                if has_parent {
                    hex_into(&mut parent, pid);
                }
                // The first row that cannot fit ends the request: nothing is appended after it.
                let fits = cols.trace_id.push(Some(&trace)) && cols.span_id.push(Some(&span_id))
                    && cols.parent_span_id.push(has_parent.then_some(&parent[..]))
                    && cols.name.push(Some(span.name.as_bytes()))
                    && cols.status_message.push(non_empty(&status_message))
                    && cols.attributes.push(Some(&json.attributes))
                    && cols.events.push((!json.events.is_empty()).then_some(&json.events[..]))
                    && cols.links.push((!json.links.is_empty()).then_some(&json.links[..]))
                    && cols.trace_state.push(non_empty(&span.trace_state));
                if !fits {
                    return Err(too_large());
                }
                cols.kind.push(span.kind as i8);
                cols.start_ns.push(span.start_time_unix_nano.min(MAX_NS) as i64);
                cols.end_ns.push(span.end_time_unix_nano.min(MAX_NS) as i64);
                cols.status_code.push(span.status.as_ref().map_or(0, |s| s.code) as i8);
                cols.flags.push(i64::from(span.flags));
                origins.resource_index.push(resource_index);
                origins.scope_index.push(scope_index);
                cols.rows += 1;
            }
        }
    }
    out.columns = cols;
    out.truncated = conv.truncated;
    Ok((out, origins, received_ns))
}

/// Why a span's ids, kind or status code cannot be stored, as the Python decoder says it.
fn check(span: &Span) -> Option<String> {
    let (tid, sid, pid) = (&span.trace_id, &span.span_id, &span.parent_span_id);
    if tid.len() != 16 || tid.iter().all(|b| *b == 0) {
        let shown = if sid.is_empty() { "?".to_owned() } else { hex(sid) };
        return Some(format!("span {shown}: trace_id must be 16 non-zero bytes, got {}", tid.len()));
    }
    if sid.len() != 8 || sid.iter().all(|b| *b == 0) {
        return Some(format!("span in trace {}: span_id must be 8 non-zero bytes, got {}", hex(tid), sid.len()));
    }
    if !(pid.is_empty() || pid.len() == 8) {
        return Some(format!("span {}: parent_span_id must be empty or 8 bytes, got {}", hex(sid), pid.len()));
    }
    let code = span.status.as_ref().map_or(0, |s| s.code);
    if !((0..=MAX_ENUM).contains(&span.kind) && (0..=MAX_ENUM).contains(&code)) {
        return Some(format!("span {}: kind {} / status code {} is not a span kind / status code", hex(sid), span.kind, code));
    }
    None
}

/// `service.name` as the Python decoder reads it from the resource dict: the last value of the
/// key among the first `max_attributes`, when it became a string there (a string cut to the
/// length limit, a non-finite double's name, or bytes in base64).
fn service_name(kvs: &[KeyValue], max_attributes: usize, conv: &mut Converter) -> Option<String> {
    let kvs = &kvs[..kvs.len().min(max_attributes)];
    let last = kvs.iter().rev().find(|kv| kv.key == "service.name")?;
    match last.value.as_ref().and_then(|v| v.value.as_ref()) {
        Some(Value::StringValue(s)) => Some(conv.text(s).to_owned()),
        Some(Value::DoubleValue(d)) if d.is_finite() => None,
        Some(Value::DoubleValue(_) | Value::BytesValue(_)) => {
            let mut json = Vec::new();
            conv.value(last.value.as_ref(), 0, &mut json).ok()?;
            serde_json::from_slice(&json).ok()
        }
        _ => None,
    }
}

fn strings<'py>(py: Python<'py>, col: &Strings) -> Bound<'py, PyTuple> {
    let valid = if col.nulls > 0 { PyBytes::new(py, &col.valid).into_any() } else { py.None().into_bound(py) };
    let offsets: &[u8] = unsafe {
        std::slice::from_raw_parts(col.offsets.as_ptr() as *const u8, col.offsets.len() * 4)
    };
    PyTuple::new(py, [valid, PyBytes::new(py, offsets).into_any(), PyBytes::new(py, &col.data).into_any()])
        .expect("a tuple")
}

fn fixed<'py, T: Copy>(py: Python<'py>, values: &[T]) -> Bound<'py, PyBytes> {
    let bytes: &[u8] = unsafe {
        std::slice::from_raw_parts(values.as_ptr() as *const u8, std::mem::size_of_val(values))
    };
    PyBytes::new(py, bytes)
}

fn raise(refusal: Refusal) -> PyErr {
    match refusal {
        Refusal::Limit(message) => TooLarge::new_err(message),
        Refusal::Malformed(message) => Malformed::new_err(message),
    }
}

fn caps(max_spans: usize, max_items: usize, max_events: usize, max_links: usize) -> Caps {
    Caps { spans: max_spans, items: max_items, events: max_events, links: max_links }
}

/// `(rows, columns, rejected, errors, truncated, resources, scopes)`, or None when the Python
/// decoder must decide; raises TooLarge or Malformed for a request refused whole. Columns are in
/// `SPAN_COLUMNS` order: a string column is `(validity or None, int32 offsets, data)` and a number
/// column its little-endian values, all as bytes; in place of `resource` and `scope_name` each
/// row's int32 index into `resources` (`(json, service name or None)`) and `scopes` (`(name,
/// version or None)`), and nothing for `scope_version` and `service_name`.
#[pyfunction]
#[pyo3(signature = (body, received_ns, max_attribute_length, max_attributes, max_spans, max_items, max_events, max_links))]
#[allow(clippy::too_many_arguments)]
fn decode_spans<'py>(py: Python<'py>, body: &[u8], received_ns: i64, max_attribute_length: usize,
                     max_attributes: usize, max_spans: usize, max_items: usize, max_events: usize,
                     max_links: usize) -> PyResult<Option<Bound<'py, PyTuple>>> {
    let caps = caps(max_spans, max_items, max_events, max_links);
    // A panic here (a bug) must not reach the receiver as a BaseException: the Python decoder takes over.
    let decoded = py.detach(|| {
        std::panic::catch_unwind(|| decode(body, received_ns, max_attribute_length, max_attributes, caps))
            .unwrap_or(Err(Outcome::Undecided))
    });
    let (decoded, origins, received_ns) = match decoded {
        Ok(decoded) => decoded,
        Err(Outcome::Refused(refusal)) => return Err(raise(refusal)),
        Err(Outcome::Undecided) => return Ok(None),
    };
    let c = &decoded.columns;
    let received = vec![received_ns; c.rows];
    let none = || py.None().into_bound(py);
    let columns: Vec<Bound<'py, PyAny>> = vec![
        strings(py, &c.trace_id).into_any(), strings(py, &c.span_id).into_any(),
        strings(py, &c.parent_span_id).into_any(), strings(py, &c.name).into_any(),
        fixed(py, &c.kind).into_any(), fixed(py, &c.start_ns).into_any(), fixed(py, &c.end_ns).into_any(),
        fixed(py, &c.status_code).into_any(), strings(py, &c.status_message).into_any(),
        strings(py, &c.attributes).into_any(), strings(py, &c.events).into_any(), strings(py, &c.links).into_any(),
        fixed(py, &origins.resource_index).into_any(), fixed(py, &origins.scope_index).into_any(), none(), none(),
        strings(py, &c.trace_state).into_any(), fixed(py, &c.flags).into_any(), fixed(py, &received).into_any(),
    ];
    let resources = PyList::new(py, origins.resources.iter().map(|(json, service)| {
        (std::str::from_utf8(json).expect("JSON written here is UTF-8"), service.as_deref())
    }))?;
    let result = (c.rows, PyList::new(py, columns)?, decoded.rejected, decoded.errors, decoded.truncated,
                  resources, origins.scopes);
    Ok(Some(result.into_pyobject(py)?))
}

/// The Python decoder's view of the outline: `(refused, parts)` where `refused` lists
/// `(position of the span in the request, reason)`, and `parts` is None when upb may parse the
/// body whole (nothing refused, nothing nested near its recursion limit), else what to parse
/// one piece at a time: `[(resource spans' head, [(scope spans' head, [(start, end) of each
/// span in the body])])]` without the refused ones. Raises TooLarge or Malformed.
#[pyfunction]
#[pyo3(signature = (body, max_spans, max_items, max_events, max_links))]
fn outline<'py>(py: Python<'py>, body: &[u8], max_spans: usize, max_items: usize, max_events: usize,
                max_links: usize) -> PyResult<Bound<'py, PyTuple>> {
    let found = py.detach(|| wire::outline(body, caps(max_spans, max_items, max_events, max_links)));
    let found = found.map_err(raise)?;
    let refused: Vec<(usize, &str)> = found.resources.iter().flat_map(|r| &r.scopes).flat_map(|s| &s.spans)
        .enumerate().filter_map(|(position, span)| Some((position, span.refused.as_deref()?))).collect();
    // upb counts messages from the request: 7 + 3 per key-value list level must stay within 100.
    let whole = found.refused == 0 && found.deepest <= 30;
    let parts = if whole { py.None().into_bound(py) } else {
        let start = body.as_ptr() as usize;
        let mut parts = Vec::new();
        for resource in found.resources.iter().filter(|r| !r.refused) {
            let mut scopes = Vec::new();
            for scope in resource.scopes.iter().filter(|s| !s.refused) {
                let spans: Vec<(usize, usize)> = scope.spans.iter().filter(|s| s.refused.is_none())
                    .map(|s| (s.bytes.as_ptr() as usize - start, s.bytes.as_ptr() as usize - start + s.bytes.len()))
                    .collect();
                scopes.push((PyBytes::new(py, &scope.head), spans));
            }
            parts.push((PyBytes::new(py, &resource.head), scopes));
        }
        parts.into_pyobject(py)?.into_any()
    };
    (refused, parts).into_pyobject(py)
}

#[pymodule]
fn otlp_columns(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("TooLarge", m.py().get_type::<TooLarge>())?;
    m.add("Malformed", m.py().get_type::<Malformed>())?;
    m.add_function(wrap_pyfunction!(decode_spans, m)?)?;
    m.add_function(wrap_pyfunction!(outline, m)?)
}
