//! A photo of the VIN: open a drop (a signed upload URL), PUT the image to it, read the VIN.
//!
//! The upload URL is the credential for the PUT (the browser sends no token there, as with a
//! storage bucket's signed URL): an HMAC-SHA256 over the drop, the user, the content type, the size
//! cap and the expiry, with `COVERLINE_SIGNING_KEY`. The reading runs once per drop on a blocking
//! thread, at most two at a time (OCR is CPU-bound), and is kept; the image is forgotten once read.

use coverline_domain::ErrorCode;
use coverline_domain::product::messages;
use std::collections::HashMap;

use axum::Json;
use axum::body::{Body, Bytes};
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use futures::StreamExt;
use hmac::{Hmac, Mac};
use sha2::Sha256;
use tokio::sync::Semaphore;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::http::app::AppState;
use crate::http::auth::InstitutionMember;
use crate::http::error::{ApiError, ApiResult};
use crate::http::openapi::{ErrorBody, MemberPath};
use crate::services::limits::Limit;

/// Largest photo accepted (10 MB).
pub const MAX_PHOTO_BYTES: usize = 10 * 1024 * 1024;
/// How long an upload URL is valid.
const DROP_TTL_SECS: i64 = 600;
/// Drops a member may open per hour.
const DROPS_PER_HOUR: Limit = Limit::new("vin-photo-drop", 20, 3600, messages::TOO_MANY_PHOTOS);
/// Content types a photo may have.
const MIMES: [&str; 6] = ["image/jpeg", "image/png", "image/webp", "image/gif", "image/bmp", "image/tiff"];

pub const LINK_INVALID: &str = messages::PHOTO_LINK_INVALID;
pub const NOT_A_PHOTO_TYPE: &str = messages::PHOTO_NOT_A_PHOTO_TYPE;
pub const TOO_LARGE: &str = messages::PHOTO_TOO_LARGE;
pub const EMPTY: &str = messages::PHOTO_EMPTY;
pub const NO_VIN: &str = messages::PHOTO_NO_VIN;
pub const UNREADABLE: &str = messages::PHOTO_UNREADABLE;
pub const NOT_UPLOADED: &str = messages::PHOTO_NOT_UPLOADED;

/// OCR and barcode scans are CPU-bound: two at a time keeps the API responsive on a small machine.
pub const READERS_AT_ONCE: usize = 2;
/// Readings waiting for a reader beyond the two running; more are answered 503 before the image is
/// loaded, so a queue of readings never holds photos in memory.
pub const READINGS_WAITING: usize = 4;
/// Uploads an instance receives at once (each written to disk as it arrives, then stored); more
/// are answered 503 before a byte of their body is read.
pub const UPLOADS_AT_ONCE: usize = 4;

/// An instance's slots for VIN photos: uploads being received, readings queued, readers running.
pub struct PhotoSlots {
    uploads: Semaphore,
    queue: Semaphore,
    readers: Semaphore,
}

impl Default for PhotoSlots {
    fn default() -> Self {
        Self {
            uploads: Semaphore::new(UPLOADS_AT_ONCE),
            queue: Semaphore::new(READERS_AT_ONCE + READINGS_WAITING),
            readers: Semaphore::new(READERS_AT_ONCE),
        }
    }
}
/// A drop's upload claim older than this belongs to an upload that died: the drop may be uploaded again.
const UPLOAD_CLAIM_SECS: i64 = 120;

/// 503 with `Retry-After`: the instance is at its limit of uploads or readings; nothing was kept.
fn busy() -> ApiError {
    ApiError {
        retry_after: Some(std::time::Duration::from_secs(2)),
        ..ApiError::new(StatusCode::SERVICE_UNAVAILABLE, ErrorCode::Unavailable, messages::PHOTO_BUSY)
    }
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(open_drop)).routes(routes!(read_drop))
}

/// The upload itself: outside the API's 64 kB body limit, it enforces its own 10 MB cap.
pub fn upload_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(upload))
}

/// An opened drop: where to PUT the photo, until when, and how large it may be.
#[derive(serde::Serialize, ToSchema)]
struct OpenedDrop {
    data: OpenedDropData,
}

#[derive(serde::Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct OpenedDropData {
    signed_put_url: String,
    drop_id: String,
    /// RFC 3339.
    expires_at: String,
    max_bytes: usize,
}

/// The VIN read from the photo.
#[derive(serde::Serialize, ToSchema)]
struct Reading {
    data: ReadingData,
}

#[derive(serde::Serialize, serde::Deserialize, ToSchema)]
struct ReadingData {
    vin: String,
    source: ReadingSource,
    /// True when check-digit repair changed a misread character.
    repaired: bool,
}

/// Where the VIN was read: the printed text (OCR) or its barcode.
#[derive(serde::Serialize, serde::Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
enum ReadingSource {
    Text,
    Barcode,
}

/// A photo's reading as kept (once read, the image is forgotten): the VIN, or why there is none.
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(untagged)]
enum StoredReading {
    Read(ReadingData),
    Refused { error: String },
}

/// The signed URL's query: the credential for the upload.
#[derive(IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)] // read by the derive only: the handler reads the query as a map
struct SignedUpload {
    user: String,
    mime: String,
    max: usize,
    expires: i64,
    sig: String,
}

/// The photo's content type.
#[derive(IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)] // read by the derive only
struct DropParams {
    /// image/jpeg, image/png, image/webp, image/gif, image/bmp or image/tiff.
    mime: String,
}

fn signature(key: &str, drop_id: &str, user_id: &str, mime: &str, max: usize, expires: i64) -> Hmac<Sha256> {
    let mut mac = Hmac::<Sha256>::new_from_slice(key.as_bytes()).expect("HMAC takes any key length");
    mac.update(format!("vin-photo\n{drop_id}\n{user_id}\n{mime}\n{max}\n{expires}").as_bytes());
    mac
}

/// A photo's content type as the checks compare it: trimmed, lower case, `image/jpg` read as
/// `image/jpeg` (some browsers send it).
fn normalized_mime(raw: &str) -> String {
    let mime = raw.trim().to_ascii_lowercase();
    if mime == "image/jpg" { "image/jpeg".to_string() } else { mime }
}

/// Opens a drop for a photo of the VIN: a signed upload URL valid 10 minutes; 20 per hour.
#[utoipa::path(get, path = "/institution/{iid}/car/vin/ocr/drop/{uid}", tag = "vehicles", params(MemberPath, DropParams), security(("session" = [])),
    responses((status = 200, description = "A drop: the signed upload URL, valid 10 minutes", body = OpenedDrop),
        (status = "4XX", description = "Not a photo's content type (400), \
            no live session (401), an inactive institution (403), an unknown institution or another member's id (404), too many drops (429)", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn open_drop(
    State(state): State<AppState>,
    _member: InstitutionMember,
    Path((_, uid)): Path<(String, String)>,
    Query(q): Query<HashMap<String, String>>,
) -> ApiResult<Json<OpenedDrop>> {
    let mime = normalized_mime(q.get("mime").map(String::as_str).unwrap_or_default());
    if !MIMES.contains(&mime.as_str()) {
        return Err(ApiError::bad_request(NOT_A_PHOTO_TYPE));
    }
    let now = state.clock.now();
    DROPS_PER_HOUR.take(&state.store, &uid, now).await?;
    state.store.purge_expired_vin_photos(now).await?;
    let drop_id = crate::services::ids::new_id("drop");
    let expires = now + DROP_TTL_SECS;
    state.store.create_vin_photo(&drop_id, &uid, &mime, expires).await?;
    let sig =
        hex::encode(signature(state.config.signing_key.expose(), &drop_id, &uid, &mime, MAX_PHOTO_BYTES, expires).finalize().into_bytes());
    let url =
        format!("/api/vin-photo/{drop_id}?user={uid}&mime={}&max={MAX_PHOTO_BYTES}&expires={expires}&sig={sig}", mime.replace('/', "%2F"));
    let expires_at = time::OffsetDateTime::from_unix_timestamp(expires)
        .ok()
        .and_then(|t| t.format(&time::format_description::well_known::Rfc3339).ok())
        .unwrap_or_default();
    Ok(Json(OpenedDrop { data: OpenedDropData { signed_put_url: url, drop_id, expires_at, max_bytes: MAX_PHOTO_BYTES } }))
}

#[utoipa::path(put, path = "/vin-photo/{drop_id}", tag = "vehicles", params(("drop_id" = String, Path), SignedUpload),
    request_body(description = "The photo, at most 10 MB", content(("image/jpeg"), ("image/png"), ("image/webp"), ("image/gif"), ("image/bmp"), ("image/tiff"))),
    responses((status = 204, description = "Stored"),
        (status = "4XX", description = "Empty or interrupted (400), a bad or expired link (403), uploaded already (409), too large (413), \
            not the link's content type (415)", body = ErrorBody),
        (status = 503, description = "The instance is receiving as many uploads as it takes: try again after `Retry-After`", body = ErrorBody)))]
/// The PUT to a signed URL. Checks the signature before reading the body, then streams the body
/// with the cap, so an oversized upload is cut off at 10 MB rather than buffered.
async fn upload(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(drop_id): Path<String>,
    Query(q): Query<HashMap<String, String>>,
    body: Body,
) -> ApiResult<StatusCode> {
    let invalid = || ApiError::new(StatusCode::FORBIDDEN, ErrorCode::Unauthorized, LINK_INVALID);
    let field = |k: &str| q.get(k).cloned().unwrap_or_default();
    let (user_id, mime, sig) = (field("user"), field("mime"), field("sig"));
    let max: usize = field("max").parse().map_err(|_| invalid())?;
    let expires: i64 = field("expires").parse().map_err(|_| invalid())?;
    let sig = hex::decode(sig).map_err(|_| invalid())?;
    signature(state.config.signing_key.expose(), &drop_id, &user_id, &mime, max, expires).verify_slice(&sig).map_err(|_| invalid())?;
    if state.clock.now() > expires {
        return Err(invalid());
    }
    let sent_type = headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("");
    let sent_type = normalized_mime(sent_type.split(';').next().unwrap_or(""));
    if sent_type != mime {
        return Err(ApiError::new(StatusCode::UNSUPPORTED_MEDIA_TYPE, ErrorCode::Validation, NOT_A_PHOTO_TYPE));
    }
    if headers.get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()).and_then(|v| v.parse::<usize>().ok()).is_some_and(|n| n > max) {
        return Err(too_large());
    }
    // A slot of this instance's uploads, then the drop itself: both before a byte of the body.
    let _slot = state.photo_slots.uploads.try_acquire().map_err(|_| busy())?;
    let now = state.clock.now();
    if !state.store.claim_vin_photo_upload(&user_id, &drop_id, now, now - UPLOAD_CLAIM_SECS).await? {
        return Err(match state.store.vin_photo(&user_id, &drop_id).await? {
            None => invalid(),
            Some(photo) if photo.uploaded => ApiError::new(StatusCode::CONFLICT, ErrorCode::Conflict, messages::PHOTO_ALREADY_UPLOADED),
            Some(_) => ApiError::new(StatusCode::CONFLICT, ErrorCode::Conflict, messages::PHOTO_UPLOADING),
        });
    }
    let received = receive(body, max).await;
    let stored = match received {
        Ok(image) => state.store.put_vin_photo_image(&user_id, &drop_id, image).await.map_err(ApiError::from),
        Err(e) => Err(e),
    };
    match stored {
        Ok(true) => Ok(StatusCode::NO_CONTENT),
        Ok(false) => Err(ApiError::new(StatusCode::CONFLICT, ErrorCode::Conflict, messages::PHOTO_ALREADY_UPLOADED)),
        Err(e) => {
            state.store.release_vin_photo_upload(&user_id, &drop_id).await?;
            Err(e)
        }
    }
}

fn too_large() -> ApiError {
    ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, ErrorCode::Validation, TOO_LARGE)
}

/// The body, written to a file of its own as it arrives and cut off past `max` bytes, then read
/// back: a slow upload holds no memory while it arrives, only the one read at its end.
async fn receive(body: Body, max: usize) -> ApiResult<Vec<u8>> {
    use tokio::io::AsyncWriteExt;
    let dir = std::env::temp_dir().join("coverline-photo-uploads");
    tokio::fs::create_dir_all(&dir).await.map_err(|e| ApiError::internal(e.into()))?;
    let path = dir.join(crate::services::ids::new_id("upload"));
    let result = async {
        let mut file = tokio::fs::File::create(&path).await.map_err(|e| ApiError::internal(e.into()))?;
        let mut received = 0usize;
        let mut stream = body.into_data_stream();
        while let Some(chunk) = stream.next().await {
            let chunk: Bytes = chunk.map_err(|_| ApiError::bad_request(messages::UPLOAD_INTERRUPTED))?;
            received += chunk.len();
            if received > max {
                return Err(too_large());
            }
            file.write_all(&chunk).await.map_err(|e| ApiError::internal(e.into()))?;
        }
        file.flush().await.map_err(|e| ApiError::internal(e.into()))?;
        if received == 0 {
            return Err(ApiError::bad_request(EMPTY));
        }
        tokio::fs::read(&path).await.map_err(|e| ApiError::internal(e.into()))
    }
    .await;
    let _ = tokio::fs::remove_file(&path).await;
    result
}

/// Reads the VIN in the uploaded photo (once; the answer is kept and the image forgotten).
#[utoipa::path(get, path = "/institution/{iid}/car/vin/ocr/drop/{uid}/{drop_id}", tag = "vehicles", params(MemberPath, ("drop_id" = String, Path)), security(("session" = [])),
    responses((status = 200, description = "The VIN read from the photo", body = Reading),
        (status = "4XX", description = "No live session (401), an unknown drop (404), not uploaded yet (409), no VIN found or not a photo (422)", body = ErrorBody),
        (status = 503, description = "As many readings are queued as the instance takes: try again after `Retry-After`", body = ErrorBody)))]
#[tracing::instrument(skip_all, fields(drop_id = %drop_id))]
async fn read_drop(
    State(state): State<AppState>,
    _member: InstitutionMember,
    Path((_, uid, drop_id)): Path<(String, String, String)>,
) -> ApiResult<Json<Reading>> {
    let photo = state.store.vin_photo(&uid, &drop_id).await?.ok_or_else(ApiError::not_found)?;
    let reading = match photo.reading_json {
        Some(json) => serde_json::from_str(&json).map_err(|e| ApiError::internal(e.into()))?,
        None => {
            if !photo.uploaded {
                return Err(ApiError::new(StatusCode::CONFLICT, ErrorCode::Conflict, NOT_UPLOADED));
            }
            // A place in the bounded queue, then a reader, and only then the image: readings that
            // wait hold no photo, and past the queue's end the answer is 503 at once.
            let _queued = state.photo_slots.queue.try_acquire().map_err(|_| busy())?;
            let permit = state.photo_slots.readers.acquire().await.map_err(|e| ApiError::internal(e.into()))?;
            let image = state
                .store
                .vin_photo_image(&uid, &drop_id)
                .await?
                .ok_or_else(|| ApiError::new(StatusCode::CONFLICT, ErrorCode::Conflict, NOT_UPLOADED))?;
            // A VIN read as is whose check digit is wrong counts when vPIC knows its vehicle, as typed.
            let vehicles = state.vehicles.clone();
            let known = move |vin: &str| coverline_domain::Vin::parse(vin).ok().and_then(|vin| vehicles.decode(&vin)).is_some();
            let outcome = tokio::task::spawn_blocking(move || coverline_vision::read_vin_knowing(&image, &known))
                .await
                .map_err(|e| ApiError::internal(e.into()))?;
            drop(permit);
            let reading = match outcome {
                Ok(r) => StoredReading::Read(ReadingData {
                    vin: r.vin.to_string(),
                    source: match r.source {
                        coverline_vision::Source::Text => ReadingSource::Text,
                        coverline_vision::Source::Barcode(_) => ReadingSource::Barcode,
                    },
                    repaired: r.repaired,
                }),
                Err(coverline_vision::PhotoError::NoVin) => StoredReading::Refused { error: NO_VIN.to_string() },
                Err(coverline_vision::PhotoError::NotAnImage | coverline_vision::PhotoError::TooLarge) => {
                    StoredReading::Refused { error: UNREADABLE.to_string() }
                }
                // The reader itself failed (tesseract missing or timed out): not the member's photo's fault.
                Err(e @ coverline_vision::PhotoError::Ocr(_)) => return Err(ApiError::internal(anyhow::anyhow!("reading VIN photo: {e}"))),
            };
            let json = serde_json::to_string(&reading).map_err(anyhow::Error::from)?;
            state.store.set_vin_photo_reading(&uid, &drop_id, &json).await?;
            reading
        }
    };
    match reading {
        StoredReading::Refused { error } => Err(ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, ErrorCode::Validation, error)),
        StoredReading::Read(data) => Ok(Json(Reading { data })),
    }
}
