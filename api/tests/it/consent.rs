//! Consent to electronic delivery (E-SIGN, 15 U.S.C. 7001(c); issue 27): the review page's answer
//! is recorded at booking with the disclosure's version, the time and the client; a member who does
//! not consent still buys and their contract is queued for mailing, which support works through
//! (`coverline support paper`, `paper-mailed`); find-your-contract's "Request a paper copy" queues it
//! again and withdraws the consent.

use crate::support::{Db, Member, Options, TestApp, buy, on_both_databases, ready_to_book, spawn_app};
use reqwest::Method;
use serde_json::{Value, json};

/// Books with `electronic_delivery` (None: no answer), pays and waits for the contract.
async fn bought(app: &TestApp, electronic_delivery: Option<bool>) -> (Member, String) {
    let (m, mut booking) = ready_to_book(app).await;
    if let Some(answer) = electronic_delivery {
        booking["electronicDelivery"] = Value::Bool(answer);
    }
    buy(app, m, booking).await
}

async fn consent_to_electronic_delivery_is_recorded_and_a_member_who_declines_gets_paper(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let store = coverline_store::Store::connect(&app.database_url).await.unwrap();
    let (yes, yes_policy) = bought(&app, Some(true)).await;
    let (no, no_policy) = bought(&app, None).await;

    let version = coverline_api::http::routes::esign_version();
    let record = store.consent_events(&yes.user_id).await.unwrap();
    let given: Vec<_> = record.iter().filter(|c| c.kind == "electronicDelivery").collect();
    assert_eq!(given.len(), 1, "{record:?}");
    assert_eq!((given[0].granted, given[0].source.as_str(), given[0].version.as_deref()), (1, "review-page", Some(version.as_str())));
    assert_eq!(given[0].client.as_deref(), Some("127.0.0.1"));
    assert!(store.paper_copy(&yes_policy).await.unwrap().is_none(), "consented: nothing to mail");
    let withheld = store.consent_events(&no.user_id).await.unwrap();
    assert_eq!(withheld.iter().filter(|c| c.kind == "electronicDelivery" && c.granted == 0).count(), 1, "{withheld:?}");

    // Support's queue: the member who did not consent, with the address to mail to.
    let queue = coverline_api::services::support::paper_queue(&store).await.unwrap();
    let row = queue.iter().find(|r| r.policy_id == no_policy).expect("queued");
    assert_eq!(
        (row.reason.as_str(), row.name.as_str(), row.address.as_str()),
        ("declinedElectronicDelivery", "Jane Doe", "100 Main St, Denver, CO 80202")
    );
    assert!(queue.iter().all(|r| r.policy_id != yes_policy));
    let shown = app.support().await.show(&no_policy).await.unwrap();
    assert!(shown.contains("consent      electronicDelivery withheld/withdrawn") && shown.contains("to mail"), "{shown}");
    assert!(matches!(
        coverline_api::services::support::paper_mailed(&store, &no_policy, "pat", 1).await.unwrap(),
        coverline_api::services::support::Outcome::Done(_)
    ));
    assert!(matches!(
        coverline_api::services::support::paper_mailed(&store, &no_policy, "pat", 2).await.unwrap(),
        coverline_api::services::support::Outcome::NothingToDo(_)
    ));
    assert!(coverline_api::services::support::paper_queue(&store).await.unwrap().iter().all(|r| r.policy_id != no_policy), "mailed");

    // The consenting member asks for paper from find-your-contract: queued, consent withdrawn, once.
    let path = format!("/institution/summit-cu/user/{}/verifydetails/{yes_policy}", yes.user_id);
    let (s, found) = app.call(Method::POST, &path, None, Some(json!({ "lastname": "Doe", "zipcode": "80202" }))).await;
    assert_eq!(s, 200, "{found}");
    let token = found["token"].as_str().unwrap();
    let paper = format!("/institution/summit-cu/user/{}/policy/{yes_policy}/papercopy", yes.user_id);
    let (s, b) = app.call(Method::POST, &paper, None, Some(json!({ "token": "1.00" }))).await;
    assert_eq!(s, 404, "{b}");
    let (s, b) = app.call(Method::POST, &paper, None, Some(json!({ "token": token }))).await;
    assert_eq!((s, b["message"].as_str()), (202, Some(coverline_domain::product::messages::PAPER_COPY_REQUESTED)), "{b}");
    let (s, b) = app.call(Method::POST, &paper, None, Some(json!({ "token": token }))).await;
    assert_eq!((s, b["message"].as_str()), (202, Some(coverline_domain::product::messages::PAPER_COPY_ALREADY_REQUESTED)), "{b}");
    let copy = store.paper_copy(&yes_policy).await.unwrap().unwrap();
    assert_eq!((copy.reason.as_str(), copy.mailed_at), ("requested", None));
    let record = store.consent_events(&yes.user_id).await.unwrap();
    let last = record.iter().rfind(|c| c.kind == "electronicDelivery").unwrap();
    assert_eq!((last.granted, last.source.as_str()), (0, "paper-copy-request"), "{record:?}");
}

on_both_databases!(consent_to_electronic_delivery_is_recorded_and_a_member_who_declines_gets_paper);
